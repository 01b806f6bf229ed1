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
import { bindLogin } from './session'
import type { RequestContext } from '../../domain/types'

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

const OFID = '__Host-checkout.vtex.com'
const OWNERSHIP = '__Host-CheckoutOrderFormOwnership'

/** The requests VTEX received that name order form `id`, from `since` on. */
const requestsFor = (id: string, since: number) => vtex.received.slice(since).filter((r) => r.path.includes(`/orderForm/${id}`))

describe('VTEX’s order-form cookies through the cart Functions', () => {
  it('sets VTEX’s checkout.vtex.com and CheckoutOrderFormOwnership on the browser as __Host- cookies (Secure, Path=/, no Domain, HttpOnly, SameSite=Lax), and sends them back to VTEX under VTEX’s names', async () => {
    const browser = new Browser()
    const added = await add(browser)
    expect(added.status).toBe(200)
    const id = added.body.id!
    const form = vtex.orderForms.get(id)!
    expect(added.setCookie).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^__Host-checkout\\.vtex\\.com=__ofid=${id}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`)),
        expect.stringMatching(new RegExp(`^__Host-CheckoutOrderFormOwnership=${form.ownership}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`)),
      ]),
    )
    expect(added.setCookie.join('\n')).not.toMatch(/Domain=/i)
    expect(browser.jar.get(OWNERSHIP)).toBe(form.ownership)
    // The next call carries them: VTEX answers the cart to this browser, and to no browser without them.
    const since = vtex.received.length
    const again = await read(browser, id)
    expect([again.status, again.body.items?.map((i) => i.quantity)]).toEqual([200, [1]])
    expect(requestsFor(id, since).map((r) => r.cookie)).toEqual([`checkout.vtex.com=__ofid=${id}; CheckoutOrderFormOwnership=${form.ownership}`])
    expect((await read(new Browser(), id)).status).toBe(404)
  })

  it('ignores VTEX’s cookies under VTEX’s own names from the browser: cookies a sibling subdomain planted give no cart, and leave the shopper’s own in place', async () => {
    const attacker = new Browser()
    const theirs = (await add(attacker)).body.id!
    const planted = { 'checkout.vtex.com': `__ofid=${theirs}`, CheckoutOrderFormOwnership: attacker.jar.get(OWNERSHIP)! }
    // A first visit with only the planted cookies: the attacker's cart is not the victim's, and the victim's first item starts a new one.
    const victim = new Browser(planted)
    const since = vtex.received.length
    expect((await read(victim, theirs)).status).toBe(404)
    const started = await add(victim)
    expect(started.status).toBe(200)
    expect(started.body.id).not.toBe(theirs)
    expect(vtex.orderForms.get(theirs)!.lines.map((l) => l.quantity)).toEqual([1])
    expect(vtex.received.slice(since).some((r) => r.cookie.includes(planted.CheckoutOrderFormOwnership))).toBe(false)
    // Planted beside a shopper's own cookies, they change nothing: the shopper keeps their cart.
    const shopper = new Browser()
    const mine = (await add(shopper)).body.id!
    const withPlanted = `${shopper.header}; checkout.vtex.com=__ofid=${theirs}; CheckoutOrderFormOwnership=${planted.CheckoutOrderFormOwnership}`
    expect((await read(shopper, theirs, withPlanted)).status).toBe(404)
    expect((await read(shopper, mine, withPlanted)).status).toBe(200)
  })

  it('answers another shopper’s order form id sent with the browser’s own cookies as the 404 of an unknown cart, and VTEX is never asked to change it', async () => {
    const victim = new Browser()
    const theirs = (await add(victim)).body.id!
    const before = structuredClone(vtex.orderForms.get(theirs)!.lines)
    const attacker = new Browser()
    await add(attacker)
    const since = vtex.received.length
    expect((await read(attacker, theirs)).status).toBe(404)
    const changed = await add(attacker, theirs)
    expect([changed.status, changed.body.error?.code]).toEqual([404, 'not_found'])
    expect(vtex.orderForms.get(theirs)!.lines).toEqual(before)
    // VTEX heard of the victim's id only in a read carrying none of the attacker's cookies.
    expect(requestsFor(theirs, since).length).toBeGreaterThan(0)
    expect(requestsFor(theirs, since).every((r) => r.method === 'GET' && r.cookie === '')).toBe(true)
    expect((await read(victim, theirs)).body.items?.map((i) => i.quantity)).toEqual([1])
  })

  it('sends VTEX only VTEX’s cookies under VTEX’s names: the storefront’s, the embedded platform’s and un-prefixed order-form cookies stay home', () => {
    const header = vtexCookieHeader({
      cookie: `pf_session=secret; consent=all; ${OFID}=__ofid=abc; checkout.vtex.com=__ofid=planted; VtexIdclientAutCookie_petstore=tok; vtex_session=s; ${OWNERSHIP}=own; CheckoutOrderFormOwnership=planted`,
    })
    expect(header).toBe('checkout.vtex.com=__ofid=abc; vtex_session=s; CheckoutOrderFormOwnership=own')
    expect(vtexCookieHeader({ cookie: 'pf_session=secret; checkout.vtex.com=__ofid=planted' })).toBeUndefined()
  })

  it('sends VTEX ID’s cookie only for the account and beside its companion, the login this host bound; its other names never', () => {
    const browser: RequestContext = { cookie: 'VtexIdclientAutCookie_petstore=tok; VtexIdclientAutCookie_0f1e2d3c=tok; vtex_session=s' }
    // Planted alone, or bound to another token, it is not sent: VTEX would take the call for the planter's.
    expect(vtexCookieHeader(browser, 'petstore')).toBe('vtex_session=s')
    bindLogin(browser, 'petstore', 'other-token', 'customer-1')
    expect(vtexCookieHeader(browser, 'petstore')).toBe('vtex_session=s')
    bindLogin(browser, 'petstore', 'tok', 'customer-1')
    expect(vtexCookieHeader(browser, 'petstore')).toBe('vtex_session=s; VtexIdclientAutCookie_petstore=tok')
    expect(vtexCookieHeader(browser, 'otherstore')).toBe('vtex_session=s')
    // The companion itself never leaves the storefront.
    expect(vtexCookieHeader(browser, 'petstore')).not.toContain('__Host-vtex-login')
  })
})
