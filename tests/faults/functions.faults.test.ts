/**
 * The cart Functions against a platform that is stopped (connections
 * refused), slow (every request held past the Functions' time-out) or failing
 * (every request answers 500): each answers JSON within a bounded time, 503,
 * 504 or 502, and never hangs. A write the Function gave up on may still land
 * on the slow platform afterwards; the next validation leaves exactly the
 * browser's lines, none lost or doubled.
 */
import { call, cartRoutes, startHarness, type Harness } from '../functions/harness'

/** Short, so the drill is quick; production waits PLATFORM_TIMEOUT_MS (10 s by default). */
const TIMEOUT_MS = 1_500
process.env.PLATFORM_TIMEOUT_MS = String(TIMEOUT_MS)
/** Longer than the time-out: every platform call a Function makes gives up. */
const SLOW_MS = 4_000
/** Whatever the fault, an answer comes within the time-out and this margin (one platform call per Function here). */
const MARGIN_MS = 1_500
/** A Function that has not answered after this long is hanging. */
const HANG_MS = 20_000


let h: Harness
let skus: [string, string]

interface Answer {
  status: number
  ms: number
  contentType: string
  json: unknown
}

async function send(path: string, body?: object): Promise<Answer> {
  const started = Date.now()
  const answer = await call(`${h.siteUrl}/api/${path}`, { body, timeoutMs: HANG_MS })
  return { ...answer, ms: Date.now() - started }
}

const item = (sku: string, quantity?: number) => ({ quantity, itemOffered: { sku, additionalProperty: [] } })
const offer = (sku: string, quantity: number) => ({ price: 1, listPrice: 1, quantity, seller: { identifier: '1' }, itemOffered: { sku, additionalProperty: [] } })

interface CartAnswer {
  id: string
  items: { quantity: number; isGift: boolean; itemOffered: { sku: string } }[]
}

/** Each cart Function once, as the browser calls it, on the order form `id`. */
function calls(id: string): [string, () => Promise<Answer>][] {
  const [a, b] = skus
  return [
    ['getCartInformation', () => send(`checkout/getCartInformation?orderFormId=${id}`)],
    ['addCartItem', () => send('checkout/addCartItem', { orderFormId: id, newItem: item(b, 1) })],
    ['updateCartItem', () => send('checkout/updateCartItem', { orderFormId: id, newItem: item(a, 3) })],
    ['removeCartItem', () => send('checkout/removeCartItem', { orderFormId: id, newItem: item(b) })],
    [
      'ValidateCartMutation',
      () =>
        send('graphql?operationName=ValidateCartMutation', {
          operationName: 'ValidateCartMutation',
          variables: { cart: { order: { orderNumber: id, acceptedOffer: [offer(a, 3), offer(b, 1)] } } },
        }),
    ],
  ]
}

/** The error code of a Function's refusal or of /api/graphql's first error. */
function codeOf(json: unknown): string | undefined {
  const value = json as { error?: { code?: string }; errors?: { extensions?: { code?: string } }[] } | undefined
  return value?.error?.code ?? value?.errors?.[0]?.extensions?.code
}

const figures: string[] = []

beforeAll(async () => {
  h = await startHarness(cartRoutes)
  const catalog = (await (await fetch(`${h.platformUrl}/api/catalog/products?page=0&pageSize=60`)).json()) as {
    items: { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[]
  }
  const plain = catalog.items
    .filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0)
    .flatMap((p) => p.variants)
    .filter((v) => v.lowPrice > 0 && v.maxQuantity >= 5)
  skus = [plain[0]!.sku, plain[1]!.sku]
}, 120_000)

afterAll(async () => {
  if (figures.length > 0) process.stdout.write(`\nFunctions under platform faults (time-out ${TIMEOUT_MS} ms):\n${figures.join('\n')}\n`)
  await h?.close()
})

async function freshCart(): Promise<string> {
  const [a, b] = skus
  const first = await send('checkout/addCartItem', { orderFormId: '', newItem: item(a, 1) })
  expect(first.status).toBe(200)
  const id = (first.json as CartAnswer).id
  expect((await send('checkout/addCartItem', { orderFormId: id, newItem: item(b, 1) })).status).toBe(200)
  return id
}

const faults: { name: string; status: number; code: string; apply(): Promise<void> }[] = [
  { name: 'stopped (connection refused)', status: 503, code: 'backend_unavailable', apply: () => h.platform.suspend() },
  { name: `slow (${SLOW_MS} ms a request)`, status: 504, code: 'backend_timeout', apply: async () => h.platform.setFault({ kind: 'slow', delayMs: SLOW_MS }) },
  { name: 'answering 500', status: 502, code: 'backend_error', apply: async () => h.platform.setFault({ kind: 'fail' }) },
]

async function heal(): Promise<void> {
  h.platform.setFault(null)
  await h.platform.resume()
}

describe.each(faults)('a platform $name', ({ name, status, code, apply }) => {
  it(`makes every cart Function answer ${status} ${code} as JSON within the time-out, never hanging`, async () => {
    const id = await freshCart()
    await apply()
    try {
      for (const [fn, run] of calls(id)) {
        const answer = await run()
        figures.push(`  ${name.padEnd(30)} ${fn.padEnd(22)} ${answer.status} ${String(codeOf(answer.json)).padEnd(22)} ${answer.ms} ms`)
        expect({ fn, status: answer.status, code: codeOf(answer.json) }).toEqual({ fn, status, code })
        expect(answer.contentType).toMatch(/^application\/json/)
        expect(answer.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS)
      }
    } finally {
      await heal()
    }
  })
})

it('answers normally, if late, when the platform is slow but within the time-out', async () => {
  const id = await freshCart()
  h.platform.setFault({ kind: 'slow', delayMs: 500 })
  try {
    const answer = await send(`checkout/getCartInformation?orderFormId=${id}`)
    expect(answer.status).toBe(200)
    expect(answer.ms).toBeGreaterThanOrEqual(450)
  } finally {
    await heal()
  }
})

it('after a slow platform applied writes the Functions gave up on, validation leaves exactly the browser lines', async () => {
  const [a, b] = skus
  const id = await freshCart()
  h.platform.setFault({ kind: 'slow', delayMs: SLOW_MS })
  // The shopper asks for 3 of the first and one more of the second; both time out in the Function.
  const update = await send('checkout/updateCartItem', { orderFormId: id, newItem: item(a, 3) })
  const add = await send('checkout/addCartItem', { orderFormId: id, newItem: item(b, 1) })
  expect([update.status, add.status]).toEqual([504, 504])
  // The browser kept its lines locally: 3 of the first, 2 of the second. The platform heals and the held writes land.
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 500))
  h.platform.setFault(null)
  // As the browser reads it: a guest's cart answers only to the browser holding its key.
  const landed = (await call(`${h.platformUrl}/api/orderforms/${id}`)).json as unknown as { items: { sku: string; quantity: number; isGift: boolean }[] }
  const validated = await send('graphql?operationName=ValidateCartMutation', {
    operationName: 'ValidateCartMutation',
    variables: { cart: { order: { orderNumber: id, acceptedOffer: [offer(a, 3), offer(b, 2)] } } },
  })
  expect(validated.status).toBe(200)
  // As the browser reads it: a guest's cart answers only to the browser holding its key.
  const form = (await call(`${h.platformUrl}/api/orderforms/${id}`)).json as unknown as { items: { sku: string; quantity: number; isGift: boolean }[] }
  const paid = form.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity])
  figures.push(
    `  late writes: platform held ${JSON.stringify(landed.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity]))} before validation, ${JSON.stringify(paid)} after`,
  )
  // The writes the Functions gave up on did land: a client that sent the add again would now double it.
  expect(landed.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity])).toEqual([
    [a, 3],
    [b, 2],
  ])
  expect(paid).toEqual([
    [a, 3],
    [b, 2],
  ])
}, 60_000)
