import { cartItem } from '../../testing/fixtures'
import type { Cart, CartMessage } from '../../domain/types'
import { RequestError } from '../core/graphql'
import { createCartStatus } from './status'
import { agreedOf, cartKey, createCartValidator, type ValidatorOptions } from './validate'

const local: Cart = { id: 'of1', items: [cartItem({ sku: '1', quantity: 2 })], messages: [], shouldSplitItem: false }

const answerWith = (cart: Cart, messages: CartMessage[] = []) => ({
  validateCart: { order: { orderNumber: cart.id, acceptedOffer: cart.items, shouldSplitItem: cart.shouldSplitItem }, messages },
})

function setup(answers: Array<unknown | Error>, options: Partial<ValidatorOptions> = {}) {
  const status = createCartStatus()
  const seen: Array<{ name: string; variables: unknown; validating: boolean }> = []
  const request = jest.fn(async (name: string, variables: unknown) => {
    seen.push({ name, variables, validating: status.read().isValidating })
    const answer = answers.shift()
    if (answer instanceof Error) throw answer
    return answer
  }) as unknown as NonNullable<ValidatorOptions['request']>
  const readCart = jest.fn(async (): Promise<Cart> => {
    throw new RequestError('down', 503)
  })
  const announce = jest.fn()
  const announceDropped = jest.fn()
  const validate = createCartValidator({ request, status, retryDelayMs: 0, readCart, announce, announceDropped, ...options })
  return { validate, status, seen, request, readCart, announce, announceDropped }
}

describe('cart validation in the browser', () => {
  it('sends the cart as ValidateCartMutation with shouldSplitItem, and flags validating while it runs', async () => {
    const { validate, status, seen } = setup([{ validateCart: null }])
    await expect(validate({ ...local, shouldSplitItem: true })).resolves.toBeNull()
    expect(seen[0]?.name).toBe('ValidateCartMutation')
    expect(seen[0]?.validating).toBe(true)
    expect(seen[0]?.variables).toMatchObject({
      cart: { order: { orderNumber: 'of1', acceptedOffer: [{ quantity: 2, price: 10, listPrice: 12, seller: { identifier: '1' }, itemOffered: { sku: '1' } }] } },
      shouldSplitItem: true,
    })
    expect(status.read()).toEqual({ isValidating: false, unsynced: false, slow: false })
  })

  it('keeps the shouldSplitItem the platform answers', async () => {
    const { validate } = setup([answerWith({ ...local, id: 'of2', shouldSplitItem: true })])
    expect((await validate(local))?.shouldSplitItem).toBe(true)
  })

  it('asks nothing for an empty cart without an order form', async () => {
    const { validate, request } = setup([])
    await expect(validate({ ...local, id: '', items: [] })).resolves.toBeNull()
    expect(request).not.toHaveBeenCalled()
  })

  it('replaces the cart with a platform cart that differs, and shows its new messages', async () => {
    const platformItem = cartItem({ sku: '1', quantity: 2, price: 8 })
    const messages: CartMessage[] = [{ text: 'Articolo non disponibile', status: 'warning' }]
    const { validate, announce } = setup([answerWith({ ...local, items: [platformItem] }, messages)])
    const result = await validate(local)
    expect(result?.items[0]?.price).toBe(8)
    expect(result?.messages).toEqual(messages)
    expect(announce).toHaveBeenCalledWith([], messages)
  })

  it('names a line the platform left out of the cart it answered, but not the lines of a cart that gave way to a fresh order form (req CART-29)', async () => {
    const two = { ...local, items: [...local.items, cartItem({ sku: '2', index: 1 })] }
    const { validate, announceDropped } = setup([answerWith(local), answerWith({ ...local, id: 'of2', items: [] })])
    await expect(validate(two)).resolves.toMatchObject({ id: 'of1' })
    expect(announceDropped).toHaveBeenCalledWith([two.items[1]], 'platform')
    announceDropped.mockClear()
    await expect(validate(two)).resolves.toMatchObject({ id: 'of2', items: [] })
    expect(announceDropped).not.toHaveBeenCalled()
  })

  it('keeps the local cart when the platform answers an equal cart', async () => {
    const { validate, announce } = setup([answerWith(local)])
    await expect(validate(local)).resolves.toBeNull()
    expect(announce).not.toHaveBeenCalled()
  })

  it('retries up to 3 times, then answers null, keeps the lines and flags the cart unsynced', async () => {
    const down = new RequestError('platform down', 503)
    const { validate, request, status } = setup([down, down, down, { validateCart: null }])
    await expect(validate(local)).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(3)
    expect(status.read().unsynced).toBe(true)
  })

  it('succeeds on a later try and clears unsynced', async () => {
    const platformItem = cartItem({ sku: '1', quantity: 2, price: 8 })
    const { validate, request, status } = setup([new RequestError('x', 503), answerWith({ ...local, items: [platformItem] })])
    status.set({ isValidating: false, unsynced: true, slow: false })
    expect((await validate(local))?.items[0]?.price).toBe(8)
    expect(request).toHaveBeenCalledTimes(2)
    expect(status.read().unsynced).toBe(false)
  })

  it('does not retry a request the Functions rejected as bad', async () => {
    const { validate, request } = setup([new RequestError('invalid variables', 400)])
    await expect(validate(local)).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(1)
  })

  describe('a validation the platform refuses', () => {
    it.each([404, 422])('%i: adopts the platform’s cart at once, tells the shopper, names the lines it lacks, and asks no more', async (code) => {
      const held = cartItem({ sku: '1', quantity: 2, price: 10 })
      const { validate, request, readCart, status, announce, announceDropped } = setup([new RequestError('refused', code)])
      readCart.mockResolvedValueOnce({ id: 'of1', items: [held], messages: [], shouldSplitItem: false })
      const wanted = { ...local, items: [held, cartItem({ sku: '2', quantity: 99, price: 5 })] }
      status.set({ isValidating: false, unsynced: true, slow: false })
      await expect(validate(wanted)).resolves.toEqual({ id: 'of1', items: [held], messages: [], shouldSplitItem: false })
      expect(request).toHaveBeenCalledTimes(1)
      expect(status.read().unsynced).toBe(false)
      expect(announce).toHaveBeenCalledWith([], [expect.objectContaining({ text: expect.stringContaining('il carrello mostra quello registrato dal negozio'), status: 'error' })])
      expect(announceDropped).toHaveBeenCalledWith([expect.objectContaining({ itemOffered: expect.objectContaining({ sku: '2' }) })], 'platform')
    })

    it('keeps the cart unsynced when the platform’s cart cannot be read either', async () => {
      const { validate, status } = setup([new RequestError('refused', 422)])
      await expect(validate(local)).resolves.toBeNull()
      expect(status.read().unsynced).toBe(true)
    })
  })

  describe('adoption when validation gives up', () => {
    const down = new RequestError('down', 503)

    it('adopts the empty platform cart when local has lines', async () => {
      const { validate, readCart, status } = setup([down, down, down])
      readCart.mockResolvedValueOnce({ id: 'of1', items: [], messages: [], shouldSplitItem: false })
      await expect(validate(local)).resolves.toEqual({ id: 'of1', items: [], messages: [], shouldSplitItem: false })
      expect(readCart).toHaveBeenCalledWith('of1')
      expect(status.read().unsynced).toBe(false)
    })

    it('names each paid line the empty platform cart takes away, saying the cart the shop registered is empty (req CART-29)', async () => {
      const gift = cartItem({ sku: '9', price: 0, isGift: true, index: 1 })
      const { validate, readCart, announceDropped } = setup([down, down, down])
      readCart.mockResolvedValueOnce({ id: 'of1', items: [], messages: [], shouldSplitItem: false })
      await validate({ ...local, items: [...local.items, gift] })
      expect(announceDropped).toHaveBeenCalledWith(local.items, 'emptied')
    })

    it('keeps the local lines when the platform cart has lines or cannot be read', async () => {
      const withLines = setup([down, down, down])
      withLines.readCart.mockResolvedValueOnce({ ...local, items: [cartItem({ sku: '5' })] })
      await expect(withLines.validate(local)).resolves.toBeNull()
      const unreadable = setup([down, down, down])
      await expect(unreadable.validate(local)).resolves.toBeNull()
      expect(unreadable.status.read().unsynced).toBe(true)
    })

    it('does not read a platform cart for a cart without lines or without an order form', async () => {
      const { validate, readCart } = setup([down, down, down, down, down, down])
      await validate({ ...local, items: [] })
      await validate({ ...local, id: '' })
      expect(readCart).not.toHaveBeenCalled()
    })
  })

  describe('the 30000 ms last-validated time-out', () => {
    it('does not ask again for the same cart within 30 s, and asks again after', async () => {
      let clock = 1_000_000
      const { validate, request } = setup([answerWith(local), answerWith(local)], { now: () => clock })
      await validate(local)
      clock += 29_999
      await expect(validate(structuredClone(local))).resolves.toBeNull()
      expect(request).toHaveBeenCalledTimes(1)
      clock += 1
      await validate(structuredClone(local))
      expect(request).toHaveBeenCalledTimes(2)
    })

    it('asks at once for a cart that changed, and for the platform cart it just adopted only after the time-out', async () => {
      const clock = 1_000_000
      const platformCart = { ...local, id: 'of2' }
      const { validate, request } = setup([answerWith(platformCart), answerWith({ ...platformCart, items: [cartItem({ sku: '1', quantity: 3 })] })], { now: () => clock })
      const adopted = await validate(local)
      expect(adopted?.id).toBe('of2')
      await validate(adopted!)
      expect(request).toHaveBeenCalledTimes(1)
      await validate({ ...adopted!, items: [cartItem({ sku: '1', quantity: 3 })] })
      expect(request).toHaveBeenCalledTimes(2)
    })

    it('always asks again while the cart is unsynced', async () => {
      const down = new RequestError('down', 503)
      const { validate, request } = setup([down, down, down, answerWith(local)], { now: () => 5 })
      await validate(local)
      await validate(local)
      expect(request).toHaveBeenCalledTimes(4)
    })
  })
})

describe('a cart shared by two browsers (vtex/faststore#3091)', () => {
  const otherDevice: Cart = { ...local, items: [cartItem({ sku: '1', quantity: 2 }), cartItem({ sku: '2', quantity: 1, index: 1 })] }

  it('adopts the platform cart instead of pushing an unchanged stale copy over it', async () => {
    const { validate, request, readCart } = setup([{ validateCart: null }])
    await validate(local)
    validate.forgetRecent()
    readCart.mockResolvedValueOnce(otherDevice)
    await expect(validate(local)).resolves.toEqual(otherDevice)
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('names the lines the platform cart no longer holds, removed in another tab or on another device (req CART-29)', async () => {
    const { validate, readCart, announceDropped } = setup([{ validateCart: null }])
    await validate(otherDevice)
    validate.forgetRecent()
    readCart.mockResolvedValueOnce(local)
    await expect(validate(otherDevice)).resolves.toEqual(local)
    expect(announceDropped).toHaveBeenCalledWith([otherDevice.items[1]], 'elsewhere')
  })

  it('pushes a cart the shopper changed here since it last agreed with the platform', async () => {
    const { validate, request, readCart } = setup([{ validateCart: null }, answerWith(otherDevice)])
    await validate(local)
    const changed = { ...local, items: [cartItem({ sku: '1', quantity: 5 })] }
    await validate(changed)
    expect(readCart).not.toHaveBeenCalled()
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('does not push an older agreed copy a focus reload brings back from storage', async () => {
    const { validate, request, readCart } = setup([{ validateCart: null }, answerWith(otherDevice)])
    await validate(local)
    const newer = { ...local, items: [cartItem({ sku: '1', quantity: 5 })] }
    await validate(newer)
    validate.forgetRecent()
    readCart.mockResolvedValueOnce(otherDevice)
    await expect(validate(local)).resolves.toEqual(otherDevice)
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('pushes a line removed and added again, though the cart matches one agreed on before', async () => {
    const { validate, request, readCart } = setup([{ validateCart: null }, { validateCart: null }, { validateCart: null }])
    await validate(local)
    const emptied = { ...local, items: [] }
    validate.markEdited(emptied)
    await validate(emptied)
    // Added again within the 30 s a validated cart is not asked about: still pushed, never read back as stale.
    validate.markEdited(local)
    await expect(validate(local)).resolves.toBeNull()
    expect(readCart).not.toHaveBeenCalled()
    expect(request).toHaveBeenCalledTimes(3)
    expect(jest.mocked(request).mock.calls[2]?.[1]).toMatchObject({ cart: { order: { acceptedOffer: [{ itemOffered: { sku: '1' } }] } } })
  })

  it('validates as before when the platform cannot be read', async () => {
    const { validate, request } = setup([{ validateCart: null }, { validateCart: null }])
    await validate(local)
    validate.forgetRecent()
    await expect(validate(local)).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(2)
  })
})

describe('the lines a cart last agreed on (agreedOffer)', () => {
  const two = { ...local, items: [...local.items, cartItem({ sku: '2', index: 1 })] }
  const pushed = (request: jest.Mock, n: number) => (request.mock.calls[n]?.[1] as { cart: { order: Record<string, unknown> } }).cart.order

  it('names in each push the paid lines of the last cart agreed on for the same order form, and none for another', async () => {
    const { validate, request } = setup([{ validateCart: null }, { validateCart: null }, answerWith({ ...local, id: 'of2' })])
    await validate(local)
    await validate(two)
    await validate({ ...two, id: 'of9' })
    expect(pushed(request as jest.Mock, 0).agreedOffer).toBeUndefined()
    expect(pushed(request as jest.Mock, 1).agreedOffer).toEqual([{ quantity: 2, seller: { identifier: '1' }, itemOffered: { sku: '1', additionalProperty: [] } }])
    expect(pushed(request as jest.Mock, 2).agreedOffer).toBeUndefined()
  })

  it('names a line the platform’s answer drops that this browser had not changed as taken out elsewhere, the others as the shop’s', async () => {
    const { validate, announceDropped } = setup([{ validateCart: null }, answerWith({ ...local, items: [cartItem({ sku: '3' })] })])
    await validate(two)
    const changed = { ...two, items: [two.items[0]!, { ...two.items[1]!, quantity: 4 }] }
    await validate(changed)
    expect(announceDropped).toHaveBeenCalledWith([changed.items[0]], 'elsewhere')
    expect(announceDropped).toHaveBeenCalledWith([changed.items[1]], 'platform')
  })

  it('waits for the adds on their way, then skips a cart replaced meanwhile and validates the one the state holds', async () => {
    let finish = () => {}
    const adding = new Promise<void>((resolve) => (finish = resolve))
    let held = local
    const { validate, request } = setup([{ validateCart: null }], { adding: () => adding, current: () => held })
    const skipped = validate(local)
    const validated = validate(two)
    await Promise.resolve()
    expect(request).not.toHaveBeenCalled()
    held = two
    finish()
    await expect(skipped).resolves.toBeNull()
    await validated
    expect(request).toHaveBeenCalledTimes(1)
    expect(pushed(request as jest.Mock, 0).acceptedOffer).toHaveLength(2)
  })

  it('names the lines it pushed as agreed when the cart changed while their validation was on its way, not the answer it did not take', async () => {
    const withOtherTabs = { ...two, items: [...two.items, cartItem({ sku: '9', index: 2 })] }
    const edited = { ...two, items: [{ ...two.items[0]!, quantity: 5 }, two.items[1]!] }
    let held: Cart = two
    const { validate, request } = setup([answerWith(withOtherTabs), { validateCart: null }], { current: () => held })
    ;(request as jest.Mock).mockImplementationOnce(async () => {
      held = edited
      return answerWith(withOtherTabs)
    })
    await validate(two)
    await validate(edited)
    expect(pushed(request as jest.Mock, 1).agreedOffer).toEqual(agreedOf(two).lines)
  })

  it('takes a cart answered to a change of the shopper’s as agreed: not pushed back, and its lines named in the next push', async () => {
    const { validate, request } = setup([{ validateCart: null }])
    validate.markAgreed(two)
    expect(validate.agrees(two)).toBe(true)
    await expect(validate(two)).resolves.toBeNull()
    expect(request).not.toHaveBeenCalled()
    await validate(local)
    expect(pushed(request as jest.Mock, 0).agreedOffer).toHaveLength(2)
    validate.markEdited(two)
    expect(validate.agrees(two)).toBe(false)
  })
})

describe('cartKey', () => {
  it('changes with each field of the equality rule and not with others', () => {
    const base = cartKey(local)
    const item = local.items[0]!
    expect(cartKey({ ...local, items: [{ ...item, itemOffered: { ...item.itemOffered, name: 'Altro nome' } }] })).toBe(base)
    for (const changed of [{ id: 'x' }, { index: 3 }, { quantity: 9 }, { price: 1 }, { listPrice: 1 }, { seller: { identifier: '2' } }]) {
      expect(cartKey({ ...local, items: [{ ...item, ...changed }] })).not.toBe(base)
    }
    expect(cartKey({ ...local, id: 'of9' })).not.toBe(base)
  })
})
