/**
 * Two tabs of one browser adding to one cart at the same moment, each with a
 * cart state of its own (a module registry of its own, as each tab runs the
 * page's scripts apart), over one platform: the cart Functions' own handlers
 * over an order form kept in memory. Tabs share no memory; what one learns of
 * the other's add comes from the platform, so both lines must reach it and
 * neither tab may push a cart without the other's line over it.
 */
import type { CartAdapter } from '../../commerce/capabilities'
import { CommerceError } from '../../commerce/errors'
import { cartItemId } from '../../domain/cart'
import type { Cart, LineInput } from '../../domain/types'
import { lineFromNewItem } from '../../handlers/lines'
import { validateCart } from '../../handlers/validateCart'
import { cartItem } from '../../testing/fixtures'
import type { ValidateCartVariables } from '../../wire/inputs'

/** One order form, `of1`, in memory: lines by sku, summed on an add. */
function memoryPlatform() {
  let lines: LineInput[] = []
  const cart = (): Cart => ({
    id: 'of1',
    messages: [],
    shouldSplitItem: false,
    items: lines.map((line, index) => ({ ...cartItem({ sku: line.sku, quantity: line.quantity, index }), id: cartItemId({ sku: line.sku, seller: '1', price: 10 }) })),
  })
  const mustBe = (id: string) => {
    if (id !== 'of1') throw new CommerceError(404, 'not_found', `no cart ${id}`)
  }
  const set = (changes: LineInput[]) => {
    for (const change of changes) lines = [...lines.filter((l) => l.sku !== change.sku || change.quantity > 0).map((l) => (l.sku === change.sku ? change : l)), ...(lines.some((l) => l.sku === change.sku) || change.quantity === 0 ? [] : [change])]
  }
  const adapter: CartAdapter = {
    get: async (id) => (mustBe(id), cart()),
    create: async () => {
      throw new Error('the tabs share one order form')
    },
    addItem: async (id, line) => {
      mustBe(id)
      const had = lines.find((l) => l.sku === line.sku)?.quantity ?? 0
      set([{ ...line, quantity: had + line.quantity }])
      return cart()
    },
    setItems: async (id, changes) => (mustBe(id), set(changes), cart()),
    replaceItems: async (id, wanted) => {
      mustBe(id)
      lines = wanted
      return cart()
    },
    updateItem: async () => cart(),
    removeItem: async () => cart(),
  }
  return { adapter, cart, skus: () => lines.map((l) => [l.sku, l.quantity]) }
}

const mockPlatform = { down: false, ...memoryPlatform() }

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

jest.mock('../core/graphql', () => ({
  ...jest.requireActual('../core/graphql'),
  request: jest.fn(async (_name: string, variables: ValidateCartVariables) => {
    const { RequestError } = jest.requireActual('../core/graphql')
    if (mockPlatform.down) throw new RequestError('down', 503)
    const validated = await validateCart(mockPlatform.adapter, { ...variables.cart.order, shouldSplitItem: variables.shouldSplitItem }, {})
    return { validateCart: validated && { order: { orderNumber: validated.id, acceptedOffer: validated.items, shouldSplitItem: validated.shouldSplitItem }, messages: validated.messages } }
  }),
}))

/** The cart Functions as a tab's fetch reaches them. */
const doFetch = (async (input: string, init?: RequestInit) => {
  if (mockPlatform.down) throw new TypeError('Failed to fetch')
  const path = input.split('?')[0]
  if (path === '/api/checkout/addCartItem') {
    const body = JSON.parse(String(init?.body)) as { orderFormId: string; newItem: Parameters<typeof lineFromNewItem>[0] }
    return json(200, await mockPlatform.adapter.addItem(body.orderFormId, lineFromNewItem(body.newItem), {}))
  }
  if (path === '/api/checkout/getCartInformation') return json(200, mockPlatform.cart())
  throw new TypeError(`no route ${path}`)
}) as unknown as typeof fetch

interface Tab {
  operations: typeof import('./operations')
  state: typeof import('./state')
}

/** A tab: the cart's modules loaded afresh, its cart the platform's. */
async function openTab(): Promise<Tab> {
  let tab: Tab | undefined
  jest.isolateModules(() => {
    tab = { operations: jest.requireActual('./operations'), state: jest.requireActual('./state') }
  })
  tab!.state.cartState.set(mockPlatform.cart())
  await settled()
  return tab!
}

const settled = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}
const shown = (tab: Tab) => tab.state.cartState.read().items.map((i) => [i.itemOffered.sku, i.quantity]).sort()
const product = (sku: string) => cartItem({ sku })

beforeAll(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(doFetch)
})

beforeEach(() => {
  Object.assign(mockPlatform, { down: false, ...memoryPlatform() })
})

describe('two tabs adding to one cart at the same moment', () => {
  it('both lines reach the platform, and each tab shows both once it reads the cart again', async () => {
    await mockPlatform.adapter.addItem('of1', { sku: '1', seller: '1', quantity: 1, attachments: [] }, {})
    const [a, b] = [await openTab(), await openTab()]
    await Promise.all([a.operations.addToCart(product('2'), doFetch), b.operations.addToCart(product('3'), doFetch)])
    await settled()
    expect(mockPlatform.skus().sort()).toEqual([['1', 1], ['2', 1], ['3', 1]])
    // The tab answered last shows both already; the other shows them on its next focus.
    for (const tab of [a, b]) tab.state.recheckCart()
    await settled()
    expect(shown(a)).toEqual([['1', 1], ['2', 1], ['3', 1]])
    expect(shown(b)).toEqual([['1', 1], ['2', 1], ['3', 1]])
  })

  it('a tab whose add could not reach the platform sends it later without undoing the line the other tab added meanwhile', async () => {
    await mockPlatform.adapter.addItem('of1', { sku: '1', seller: '1', quantity: 1, attachments: [] }, {})
    const [a, b] = [await openTab(), await openTab()]
    mockPlatform.down = true
    await a.operations.addToCart(product('2'), doFetch)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(shown(a)).toEqual([['1', 1], ['2', 1]])
    mockPlatform.down = false
    await b.operations.addToCart(product('3'), doFetch)
    // Tab A's validation asks again, as it does while its cart is unsynced.
    a.state.revalidateCart()
    await settled()
    expect(mockPlatform.skus().sort()).toEqual([['1', 1], ['2', 1], ['3', 1]])
    expect(shown(a)).toEqual([['1', 1], ['2', 1], ['3', 1]])
    b.state.recheckCart()
    await settled()
    expect(shown(b)).toEqual([['1', 1], ['2', 1], ['3', 1]])
  })
})
