import { createBaseStore } from '@faststore/sdk'
import { cartItem } from '../../testing/fixtures'
import type { Cart } from '../../commerce/types'
import { RequestError } from '../graphql'
import { createCartValidator, trackValidating, type CartStatus } from './validate'

const local: Cart = { id: 'of1', items: [cartItem({ sku: '1', quantity: 2 })], messages: [], shouldSplitItem: false }

function setup(answers: Array<unknown | Error>) {
  const status = createBaseStore<CartStatus>({ isValidating: false, unsynced: false })
  const seen: Array<{ name: string; variables: unknown; validating: boolean }> = []
  const request = jest.fn(async (name: string, variables: unknown) => {
    seen.push({ name, variables, validating: status.read().isValidating })
    const answer = answers.shift()
    if (answer instanceof Error) throw answer
    return answer
  }) as unknown as Parameters<typeof createCartValidator>[0]
  return { validate: createCartValidator(request, status, 0), status, seen, request }
}

describe('cart validation in the browser', () => {
  it('sends the cart as ValidateCartMutation and flags validating while it runs', async () => {
    const { validate, status, seen } = setup([{ validateCart: null }])
    await expect(validate(local)).resolves.toBeNull()
    expect(seen[0]?.name).toBe('ValidateCartMutation')
    expect(seen[0]?.validating).toBe(true)
    expect(seen[0]?.variables).toMatchObject({
      cart: { order: { orderNumber: 'of1', acceptedOffer: [{ quantity: 2, price: 10, itemOffered: { sku: '1' } }] } },
    })
    expect(status.read()).toEqual({ isValidating: false, unsynced: false })
  })

  it('replaces the cart with a platform cart that differs', async () => {
    const platformItem = cartItem({ sku: '1', quantity: 2, price: 8 })
    const { validate } = setup([{ validateCart: { order: { orderNumber: 'of1', acceptedOffer: [platformItem] }, messages: [] } }])
    const result = await validate(local)
    expect(result?.items[0]?.price).toBe(8)
  })

  it('keeps the local cart when the platform answers an equal cart', async () => {
    const { validate } = setup([{ validateCart: { order: { orderNumber: 'of1', acceptedOffer: local.items }, messages: [] } }])
    await expect(validate(local)).resolves.toBeNull()
  })

  it('retries up to 3 times, then answers null, keeps the lines and flags the cart unsynced', async () => {
    const down = new RequestError('platform down', 503)
    const { validate, request, status } = setup([down, down, down, { validateCart: null }])
    await expect(validate(local)).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(3)
    expect(status.read().unsynced).toBe(true)
  })

  it('succeeds on a later try', async () => {
    const platformItem = cartItem({ sku: '1', quantity: 2, price: 8 })
    const { validate, request, status } = setup([new RequestError('x', 503), { validateCart: { order: { orderNumber: 'of1', acceptedOffer: [platformItem] }, messages: [] } }])
    expect((await validate(local))?.items[0]?.price).toBe(8)
    expect(request).toHaveBeenCalledTimes(2)
    expect(status.read().unsynced).toBe(false)
  })

  it('does not retry a request the Functions rejected as bad', async () => {
    const { validate, request } = setup([new RequestError('invalid variables', 400)])
    await expect(validate(local)).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(1)
  })
})

describe('trackValidating', () => {
  it('stays validating until every tracked task has settled, whichever ends first', async () => {
    const status = createBaseStore<CartStatus>({ isValidating: false, unsynced: false })
    let finishFirst = () => {}
    let finishSecond = () => {}
    const first = trackValidating(() => new Promise<void>((resolve) => (finishFirst = resolve)), status)
    const second = trackValidating(() => new Promise<void>((resolve) => (finishSecond = resolve)), status)
    expect(status.read().isValidating).toBe(true)
    finishSecond()
    await second
    expect(status.read().isValidating).toBe(true)
    finishFirst()
    await first
    expect(status.read().isValidating).toBe(false)
  })

  it('settles when the task fails', async () => {
    const status = createBaseStore<CartStatus>({ isValidating: false, unsynced: false })
    await expect(trackValidating(() => Promise.reject(new Error('down')), status)).rejects.toThrow('down')
    expect(status.read().isValidating).toBe(false)
  })
})
