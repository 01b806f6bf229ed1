import { act, renderHook, waitFor } from '@testing-library/react'
import { navigate } from 'gatsby'
import type { ReactNode } from 'react'
import { product } from '../../testing/fixtures'
import { cartState } from '../cart/state'
import { UIProvider, useUI } from '../shell/panels'
import { lastAdded, readAddedProduct } from './addedToCart'
import { useBuyBox } from './useBuyBox'

const wrapper = ({ children }: { children: ReactNode }) => <UIProvider>{children}</UIProvider>

function mount(p = product()) {
  return renderHook(() => ({ box: useBuyBox(p, p.hasVariant[0]!), ui: useUI() }), { wrapper }).result
}

beforeEach(() => {
  ;(navigate as jest.Mock).mockClear()
  sessionStorage.clear()
  cartState.set({ id: '', items: [], messages: [], shouldSplitItem: false })
})

describe('useBuyBox', () => {
  it('starts at the minimum order and keeps the quantity within the minimum and the variant maximum', () => {
    const result = mount(product({ minQuantity: 2 }))
    expect(result.current.box.count).toBe(2)
    expect(result.current.box.stepperProps).toMatchObject({ value: 2, min: 2, max: 24 })
    act(() => result.current.box.stepperProps.onChange(30))
    expect(result.current.box.count).toBe(24)
    act(() => result.current.box.stepperProps.onChange(1))
    expect(result.current.box.count).toBe(2)
  })

  it('charges the tier the quantity reaches', () => {
    const result = mount(product({ priceTiers: [{ minQuantity: 3, value: 9 }] as never }))
    expect(result.current.box.unitPrice).toBe(10)
    act(() => result.current.box.stepperProps.onChange(3))
    expect(result.current.box.unitPrice).toBe(9)
    expect(result.current.box.isCurrentTier(result.current.box.tiers[0]!)).toBe(true)
  })

  it('switches between one-off and subscription, starting at the first frequency', () => {
    const result = mount(product({ subscription: { frequencies: ['1 mese', '2 mesi'] } as never }))
    expect(result.current.box.oneOffProps.checked).toBe(true)
    act(() => result.current.box.subscriptionProps.onChange())
    expect(result.current.box.frequency).toBe('1 mese')
    act(() => result.current.box.frequencyProps.onChange({ target: { value: '2 mesi' } }))
    expect(result.current.box.frequency).toBe('2 mesi')
    act(() => result.current.box.oneOffProps.onChange())
    expect(result.current.box.frequency).toBeNull()
  })

  it('adds the line with its subscription, keeps the product for the modal and /added-to-cart, and opens the add-to-cart modal in place', async () => {
    const result = mount(product({ subscription: { frequencies: ['1 mese'] } as never }))
    act(() => result.current.box.subscriptionProps.onChange())
    act(() => result.current.box.stepperProps.onChange(2))
    act(() => result.current.box.buyButtonProps.onClick({ preventDefault() {} }))
    // The first add waits for the kept cart to be read back (cart/state.ts, afterCartLoaded).
    await waitFor(() => expect(cartState.read().items).toHaveLength(1))
    const [line] = cartState.read().items
    expect(line).toMatchObject({ quantity: 2, itemOffered: { sku: '1001', additionalProperty: [{ name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' }] } })
    expect(result.current.ui.panel).toBe('addedToCart')
    expect(result.current.box.addedOpen).toBe(true)
    expect(readAddedProduct('1001')).toMatchObject({ quantity: 2, subscription: '1 mese', unitPrice: 10 })
    expect(lastAdded.read()).toMatchObject({ skuId: '1001', quantity: 2 })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('counts the second click of a double click as the same intent: one line, one confirmation', () => {
    const result = mount()
    act(() => result.current.box.buyButtonProps.onClick({ preventDefault() {}, detail: 1 }))
    act(() => result.current.box.buyButtonProps.onClick({ preventDefault() {}, detail: 2 }))
    expect(cartState.read().items).toHaveLength(1)
    expect(cartState.read().items[0]!.quantity).toBe(1)
    expect(result.current.ui.panel).toBe('addedToCart')
  })
})
