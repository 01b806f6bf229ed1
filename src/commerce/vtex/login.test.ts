/**
 * VTEX ID's cookie counts only beside its `__Host-` companion, which the storefront sets when a login comes back
 * through it: a cookie planted from a sibling subdomain (cookie tossing), another customer's or another account's
 * token, and a login whose way back is not this browser's own, all leave the shopper a guest, and none of them
 * reaches VTEX. A real login works, through the Functions a browser follows, and logging out clears both.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import type { Handler } from '../../handlers/http'
import { serializeCookie } from '../../handlers/cookies'
import type { RequestContext } from '../../domain/types'
import { createVtexCommerce } from '.'
import { cookieDomains, LOGIN_STATE_COOKIE, returnAddress } from './login'
import { LOGIN_COOKIE, tokenAccount } from './session'
import { logIn, STOREFRONT_ORIGIN } from './testing/login'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'

let vtex: VtexSimulator
let commerce: ReturnType<typeof createVtexCommerce>
let login: NonNullable<ReturnType<typeof createVtexCommerce>['identity']['login']>
let startLogin: Handler
let finishLogin: Handler
const saved = { ...process.env }
const STORE = 'https://www.example.it'
const [MARIO, LUCA] = ['mario.rossi@example.it', 'luca.verdi@example.it']

beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 20 })
  const env = { VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: STORE, VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }
  commerce = createVtexCommerce(env)
  login = commerce.identity.login!
  Object.assign(process.env, { ...env, COMMERCE: 'vtex', COMMERCE_STORES: 'embedded', COMMERCE_LOYALTY: 'embedded' })
  // The Functions compose the commerce on first use, from the environment above.
  startLogin = (await import('../../api/account/login')).default as Handler
  finishLogin = (await import('../../api/account/loginReturn')).default as Handler
}, 60_000)
afterAll(async () => {
  process.env = saved
  await vtex?.close()
})

const customerId = (email: string) => vtex.seed.customers.find((c) => c.email === email)!.id
const authName = () => `VtexIdclientAutCookie_${vtex.account}`
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)
const person = async (ctx: RequestContext) => (await commerce.identity.session.person(ctx))?.id ?? null
const companionOf = (ctx: RequestContext) => ctx.issued?.find((cookie) => cookie.name === LOGIN_COOKIE)
/** A JWT as VTEX ID issues them, naming the account it is for (its signature is VTEX's business). */
const jwtFor = (account: string) => `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: 'x', account, audience: 'webstore' })).toString('base64url')}.c2lnbmF0dXJl`

/** A browser's cookie jar: what Set-Cookie gives it, name=value up to the first `;`, an expired one removed. */
class Browser {
  jar = new Map<string, string>()
  get header() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  keep(setCookie: string[]) {
    for (const header of setCookie) {
      const pair = header.split(';')[0]!
      const name = pair.slice(0, pair.indexOf('='))
      if (/Max-Age=0(;|$)/.test(header)) this.jar.delete(name)
      else this.jar.set(name, pair.slice(pair.indexOf('=') + 1))
    }
  }
}

/** A GET the browser follows, as the production server hands it to a Function (over https, on the storefront's host). */
async function follow(handler: Handler, browser: Browser, query: Record<string, string>): Promise<{ status: number; location: string; setCookie: string[] }> {
  const answer = { status: 0, location: '', setCookie: [] as string[] }
  const req = { method: 'GET', url: '/api/account/login', headers: { host: 'shop.example.it', cookie: browser.header }, query, socket: { encrypted: true, remoteAddress: '127.0.0.1' } } as unknown as GatsbyFunctionRequest
  const res = {
    setHeader(name: string, value: string | string[]) {
      if (name.toLowerCase() === 'set-cookie') answer.setCookie = Array.isArray(value) ? value : [value]
    },
    redirect(status: number, location: string) {
      Object.assign(answer, { status, location })
    },
    status(code: number) {
      answer.status = code
      return res
    },
    json() {},
    end() {},
  } as unknown as GatsbyFunctionResponse
  await handler(req, res)
  browser.keep(answer.setCookie)
  return answer
}

describe('a real login', () => {
  it('goes out to VTEX’s login page and back through the storefront, which binds VTEX ID’s cookie with a __Host- companion: the shopper is logged in', async () => {
    const browser = new Browser()
    const out = await follow(startLogin, browser, { returnUrl: `${STOREFRONT_ORIGIN}/cane` })
    expect(out.status).toBe(303)
    const page = new URL(out.location)
    expect(`${page.origin}${page.pathname}`).toBe(`${STORE}/login`)
    const back = new URL(page.searchParams.get('returnUrl')!)
    expect(`${back.origin}${back.pathname}`).toBe(`${STOREFRONT_ORIGIN}/api/account/loginReturn`)
    expect(back.searchParams.get('returnUrl')).toBe(`${STOREFRONT_ORIGIN}/cane`)
    expect(out.setCookie).toEqual([expect.stringMatching(new RegExp(`^${LOGIN_STATE_COOKIE}=[^;]+; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax; Secure$`))])

    // VTEX ID's login on the store's domain sets its cookie for a domain the storefront shares.
    const auth = vtex.authCookieFor(MARIO)
    browser.jar.set(authName(), tokenOf(auth))
    const home = await follow(finishLogin, browser, Object.fromEntries(back.searchParams))
    expect([home.status, home.location]).toEqual([303, `${STOREFRONT_ORIGIN}/cane`])
    expect(home.setCookie).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${LOGIN_STATE_COOKIE}=; Path=/; Max-Age=0;`)),
        expect.stringMatching(new RegExp(`^${LOGIN_COOKIE}=[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`)),
      ]),
    )
    expect(browser.jar.has(LOGIN_STATE_COOKIE)).toBe(false)
    expect(await person({ cookie: browser.header })).toBe(customerId(MARIO))
    // The companion never reaches VTEX.
    expect(vtex.received.some((r) => r.cookie.includes(LOGIN_COOKIE))).toBe(false)
  })

  it('is the shopper’s own cart’s owner once logged in, on the cart the browser held as a guest', async () => {
    const browser: RequestContext = {}
    const cart = await commerce.cart.create(browser)
    const mario = await logIn(vtex, login, MARIO, browser)
    await commerce.cart.get(cart.id, mario)
    expect(vtex.orderForms.get(cart.id)!.userProfileId).toBe(customerId(MARIO))
  })
})

describe('a VTEX ID cookie planted from another origin', () => {
  it('alone, without its companion, is a guest’s: never sent to VTEX, and no guest cart is bound to the planter', async () => {
    const planted = vtex.authCookieFor(LUCA)
    const browser: RequestContext = {}
    const cart = await commerce.cart.create(browser)
    const tossed: RequestContext = { cookie: planted, issued: browser.issued }
    const since = vtex.received.length
    expect(await person(tossed)).toBeNull()
    await expect(commerce.identity.wishlist.list(tossed)).rejects.toMatchObject({ status: 401 })
    const sku = vtex.seed.products.find((p) => p.listed && p.variants[0]!.lowPriceCents > 0)!.variants[0]!.sku
    await commerce.cart.addItem(cart.id, { sku, seller: '1', quantity: 1, attachments: [] }, tossed)
    expect(vtex.orderForms.get(cart.id)!.userProfileId).toBeNull()
    expect(vtex.received.slice(since).some((r) => r.cookie.includes(tokenOf(planted)))).toBe(false)
  })

  it('in place of the shopper’s own, beside the shopper’s companion, is no one: neither the planter nor the shopper', async () => {
    const mario = await logIn(vtex, login, MARIO)
    const companion = mario.cookie!.split('; ').find((part) => part.startsWith(`${LOGIN_COOKIE}=`))!
    const overwritten: RequestContext = { cookie: `${vtex.authCookieFor(LUCA)}; ${companion}` }
    expect(await person(overwritten)).toBeNull()
    expect(companionOf(overwritten)).toBeUndefined()
    // Beside the shopper's own: two values of one name, and nothing tells which is planted.
    expect(await person({ cookie: `${mario.cookie}; ${vtex.authCookieFor(LUCA)}` })).toBeNull()
    expect(await person(mario)).toBe(customerId(MARIO))
  })

  it('is not bound by a login that passes it through: the token the browser held when the login began is not one it gave', async () => {
    const planted = tokenOf(vtex.authCookieFor(LUCA))
    const browser = new Browser()
    browser.jar.set(authName(), planted)
    const out = await follow(startLogin, browser, { returnUrl: `${STOREFRONT_ORIGIN}/` })
    expect(browser.jar.has(authName())).toBe(false)
    // Were clearing to miss it (one planted for another path), VTEX's page could find it and come straight back.
    browser.jar.set(authName(), planted)
    const back = new URL(new URL(out.location).searchParams.get('returnUrl')!)
    const returned = await follow(finishLogin, browser, Object.fromEntries(back.searchParams))
    expect([returned.status, returned.location]).toEqual([303, `${STOREFRONT_ORIGIN}/`])
    expect(returned.setCookie.some((header) => header.startsWith(`${LOGIN_COOKIE}=`))).toBe(false)
    expect(await person({ cookie: browser.header })).toBeNull()
  })

  it('is cleared when a login begins, for the host and each parent domain; a bound login is left as it is', async () => {
    const browser = new Browser()
    browser.jar.set(authName(), tokenOf(vtex.authCookieFor(LUCA)))
    browser.jar.set('VtexIdclientAutCookie_0f1e2d3c-account-id', 'planted')
    const out = await follow(startLogin, browser, { returnUrl: `${STOREFRONT_ORIGIN}/` })
    for (const name of [authName(), 'VtexIdclientAutCookie_0f1e2d3c-account-id']) {
      expect(out.setCookie).toEqual(
        expect.arrayContaining([`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`, `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure; Domain=shop.example.it`, `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure; Domain=example.it`]),
      )
    }
    expect(browser.jar.has(authName())).toBe(false)
    // A shopper logged in here is not logged out by a link of another site to the way out.
    const mario = await logIn(vtex, login, MARIO)
    const bound: RequestContext = { cookie: mario.cookie }
    await login.start({ returnUrl: '/', ownOrigin: STOREFRONT_ORIGIN }, bound)
    expect(bound.issued!.map((cookie) => cookie.name)).toEqual([LOGIN_STATE_COOKIE])
  })
})

describe('the way back binds nothing but this browser’s own login', () => {
  const comeBack = async (state: (nonce: string) => string | undefined, stateCookie: (value: string) => string | null) => {
    const leaving: RequestContext = {}
    const page = new URL(await login.start({ returnUrl: '/', ownOrigin: STOREFRONT_ORIGIN }, leaving))
    const nonce = new URL(page.searchParams.get('returnUrl')!).searchParams.get('state')!
    const held = stateCookie(leaving.issued!.find((cookie) => cookie.name === LOGIN_STATE_COOKIE)!.value)
    const back: RequestContext = { cookie: [vtex.authCookieFor(MARIO), ...(held === null ? [] : [`${LOGIN_STATE_COOKIE}=${held}`])].join('; ') }
    await login.finish(state(nonce), { returnUrl: '/', ownOrigin: STOREFRONT_ORIGIN }, back)
    return companionOf(back)
  }

  it('binds with this browser’s nonce and state cookie', async () => {
    expect(await comeBack((nonce) => nonce, (value) => value)).toMatchObject({ name: LOGIN_COOKIE, secure: true })
  })

  it('binds nothing without the state cookie, with another nonce, or without a nonce: a link of another site to the way back logs no one in', async () => {
    expect(await comeBack((nonce) => nonce, () => null)).toBeUndefined()
    expect(await comeBack((nonce) => `${nonce.slice(0, -1)}A`, (value) => value)).toBeUndefined()
    expect(await comeBack(() => undefined, (value) => value)).toBeUndefined()
    expect(await comeBack(() => '', () => '.')).toBeUndefined()
  })

  it('binds no token issued for another account, even one Session Manager would take', async () => {
    expect(tokenAccount(jwtFor('otherstore'))).toBe('otherstore')
    await expect(logIn(vtex, login, MARIO, {}, jwtFor('otherstore'))).rejects.toThrow('was not bound')
    expect((await logIn(vtex, login, MARIO, {}, jwtFor(vtex.account))).cookie).toContain(LOGIN_COOKIE)
  })

  it('sends the shopper only back to the storefront or the store’s secure domain', () => {
    expect(returnAddress(`${STOREFRONT_ORIGIN}/cane?p=2`, STOREFRONT_ORIGIN, STORE)).toBe(`${STOREFRONT_ORIGIN}/cane?p=2`)
    expect(returnAddress('/account', STOREFRONT_ORIGIN, STORE)).toBe(`${STORE}/account`)
    for (const evil of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'https://shop.example.it.evil.example/', undefined]) {
      expect(returnAddress(evil, STOREFRONT_ORIGIN, STORE)).toBe(`${STOREFRONT_ORIGIN}/`)
    }
    expect(cookieDomains('www.shop.example.it')).toEqual(['www.shop.example.it', 'shop.example.it', 'example.it'])
    expect(cookieDomains('127.0.0.1')).toEqual([])
    expect(cookieDomains('localhost')).toEqual([])
  })
})

describe('a login that changes at VTEX', () => {
  it('renewed by VTEX ID for the same customer stays logged in, its companion bound again, the next request asking Session Manager once', async () => {
    const mario = await logIn(vtex, login, MARIO)
    const companion = mario.cookie!.split('; ').find((part) => part.startsWith(`${LOGIN_COOKIE}=`))!
    const renewed: RequestContext = { cookie: `${vtex.authCookieFor(MARIO)}; ${companion}` }
    expect(await person(renewed)).toBe(customerId(MARIO))
    const again = companionOf(renewed)!
    expect(again.value).not.toBe(companion.split('=')[1])
    const since = vtex.received.length
    expect(await person({ cookie: `${renewed.cookie!.split('; ')[0]}; ${LOGIN_COOKIE}=${again.value}` })).toBe(customerId(MARIO))
    expect(vtex.received.slice(since).filter((r) => r.path === '/api/sessions')).toHaveLength(1)
  })

  it('logged out at VTEX (its cookie gone): the shopper is a guest and the companion is cleared too', async () => {
    const mario = await logIn(vtex, login, MARIO)
    const companion = mario.cookie!.split('; ').find((part) => part.startsWith(`${LOGIN_COOKIE}=`))!
    const loggedOut: RequestContext = { cookie: companion }
    expect(await person(loggedOut)).toBeNull()
    const cleared = companionOf(loggedOut)!
    expect(serializeCookie(cleared)).toBe(`${LOGIN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`)
  })
})
