/**
 * The cart Functions with `COMMERCE=vtex` over the simulator: VTEX's
 * order-form cookies go from the Function's answer to the browser and from the
 * browser through the Function to VTEX, as VTEX expects, and a cookie planted
 * in a browser grants no one else's cart.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import type { Handler } from '../../handlers/http'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'
import { vtexCookieHeader } from './client'

let vtex: VtexSimulator
let addCartItem: Handler
let getCartInformation: Handler
const saved = { ...process.env }

beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 30 })
  Object.assign(process.env, {
    COMMERCE: 'vtex',
    COMMERCE_IDENTITY: 'embedded',
    COMMERCE_STORES: 'embedded',
    COMMERCE_LOYALTY: 'embedded',
    VTEX_ACCOUNT: vtex.account,
    VTEX_API_URL: vtex.url,
    VTEX_STORE_URL: 'https://www.example.it',
    VTEX_APP_KEY: SIMULATOR_APP_KEY,
    VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN,
  })
  // The Functions compose the commerce on first use, from the environment above.
  addCartItem = (await import('../../api/checkout/addCartItem')).default as Handler
  getCartInformation = (await import('../../api/checkout/getCartInformation')).default as Handler
}, 60_000)
afterAll(async () => {
  process.env = saved
  await vtex?.close()
})

/** A browser's cookie jar, filled from Set-Cookie as a browser would (name=value up to the first `;`). */
class Browser {
  jar = new Map<string, string>()
  constructor(planted: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(planted)) this.jar.set(name, value)
  }
  get header() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  keep(setCookie: string[]) {
    for (const header of setCookie) {
      const pair = header.split(';')[0]!
      this.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
  }
}

interface Answer {
  status: number
  body: { id?: string; items?: { itemOffered: { sku: string }; quantity: number }[]; error?: { code: string } }
  setCookie: string[]
}

async function call(handler: Handler, browser: Browser, request: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown; cookie?: string }): Promise<Answer> {
  const answer: Answer = { status: 0, body: {}, setCookie: [] }
  const cookie = request.cookie ?? browser.header
  const req = {
    method: request.method,
    url: '/api/checkout',
    headers: { host: 'shop.example.it', ...(cookie ? { cookie } : {}), ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
    query: request.query ?? {},
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as GatsbyFunctionRequest
  const res = {
    setHeader(name: string, value: string | string[]) {
      if (name.toLowerCase() === 'set-cookie') answer.setCookie = Array.isArray(value) ? value : [value]
    },
    status(code: number) {
      answer.status = code
      return res
    },
    json(body: Answer['body']) {
      answer.body = body
    },
    send(body: unknown) {
      answer.body = typeof body === 'string' ? (JSON.parse(body) as Answer['body']) : (body as Answer['body'])
    },
    end() {},
  } as unknown as GatsbyFunctionResponse
  await handler(req, res)
  browser.keep(answer.setCookie)
  return answer
}

const sku = () => vtex.seed.products.flatMap((p) => p.variants).find((v) => v.lowPriceCents > 0 && v.maxQuantity >= 3)!.sku
const add = (browser: Browser, orderFormId = '') =>
  call(addCartItem, browser, { method: 'POST', body: { orderFormId, newItem: { quantity: 1, seller: { identifier: '1' }, itemOffered: { sku: sku(), additionalProperty: [] } } } })
const read = (browser: Browser, orderFormId: string, cookie?: string) => call(getCartInformation, browser, { method: 'GET', query: { orderFormId }, cookie })

describe('VTEX’s order-form cookies through the cart Functions', () => {
  it('sets VTEX’s checkout.vtex.com and CheckoutOrderFormOwnership on the browser, HttpOnly and SameSite=Lax, and sends them back to VTEX', async () => {
    const browser = new Browser()
    const added = await add(browser)
    expect(added.status).toBe(200)
    const id = added.body.id!
    const form = vtex.orderForms.get(id)!
    expect(added.setCookie).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^checkout\\.vtex\\.com=__ofid=${id}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`)), expect.stringMatching(new RegExp(`^CheckoutOrderFormOwnership=${form.ownership}; .*HttpOnly; SameSite=Lax`))]),
    )
    expect(browser.jar.get('CheckoutOrderFormOwnership')).toBe(form.ownership)
    // The next call carries them: VTEX answers the cart to this browser, and to no browser without them.
    const again = await read(browser, id)
    expect([again.status, again.body.items?.map((i) => i.quantity)]).toEqual([200, [1]])
    expect((await read(new Browser(), id)).status).toBe(404)
  })

  it('grants no cart by a planted checkout.vtex.com: without the cart’s ownership cookie it is the 404 of an unknown cart', async () => {
    const owner = new Browser()
    const id = (await add(owner)).body.id!
    const victim = new Browser({ 'checkout.vtex.com': `__ofid=${id}` })
    expect((await read(victim, id)).status).toBe(404)
    // A cart the victim then starts is a new one, never the planted id's.
    const started = await add(victim)
    expect(started.status).toBe(200)
    expect(started.body.id).not.toBe(id)
    expect(vtex.orderForms.get(id)!.lines.map((l) => l.quantity)).toEqual([1])
  })

  it('grants no cart by an ownership cookie planted beside the shopper’s own: a VTEX cookie held twice reaches VTEX not at all', async () => {
    const stranger = new Browser()
    const theirs = (await add(stranger)).body.id!
    const shopper = new Browser()
    const mine = (await add(shopper)).body.id!
    const planted = `${shopper.header}; CheckoutOrderFormOwnership=${stranger.jar.get('CheckoutOrderFormOwnership')!}; checkout.vtex.com=__ofid=${theirs}`
    expect((await read(shopper, theirs, planted)).status).toBe(404)
    expect((await read(shopper, mine, planted)).status).toBe(404)
    expect((await read(shopper, mine)).status).toBe(200)
  })

  it('sends VTEX only VTEX’s cookies: the storefront’s and the embedded platform’s stay home', () => {
    const header = vtexCookieHeader({ cookie: 'pf_session=secret; consent=all; checkout.vtex.com=__ofid=abc; VtexIdclientAutCookie_petstore=tok; vtex_session=s; CheckoutOrderFormOwnership=own' })
    expect(header).toBe('checkout.vtex.com=__ofid=abc; VtexIdclientAutCookie_petstore=tok; vtex_session=s; CheckoutOrderFormOwnership=own')
    expect(vtexCookieHeader({ cookie: 'pf_session=secret' })).toBeUndefined()
  })
})
