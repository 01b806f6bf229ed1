/**
 * The storefront as a cluster (`npm run test:cluster`): two production
 * servers and two platform processes on one PostgreSQL database, Debian's
 * haproxy in front of each pair, all started by scripts/cluster.ts on
 * loopback. Everything goes over HTTP with cookies, as a browser's requests
 * would: to the balancers, and to each instance directly where the point is
 * which instance answers.
 *
 * - sessions, carts, saved carts and the login limits hold whichever
 *   instance answers, since they live in cookies and PostgreSQL;
 * - a deferred product page renders the same from either server;
 * - one storefront server and one platform process killed in the middle of
 *   a journey: the journey goes on through the survivors with no 5xx and no
 *   line lost, haproxy takes the dead ones out and puts them back once
 *   restarted.
 *
 * It serves the build in public/ and .cache/ (the browser journeys' build,
 * which `npm test` makes first), and builds one the same way only when none
 * exists. The platforms seed the catalog that build was made from
 * (E2E_SEED_PRODUCTS). Needs TEST_DATABASE_URL (a schema of its own is made
 * and dropped) and haproxy (`apt-get install -y haproxy`).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LOGIN_THROTTLE } from '../../platform/identity/throttle'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../platform/testing/database'
import { checkBuildCatalog, findHaproxy, hasBuild, startCluster, type BuildCatalog, type Cluster } from '../../scripts/cluster'
import { e2eSeedProducts, e2eServerEnv } from '../e2e/support/env'
import { SESSION, Shopper, type Seen } from './shopper'

const root = path.resolve(__dirname, '..', '..')
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 9500)
const PASSWORD = 'Password123!'
const MARIO = 'mario.rossi@example.it'
const GIULIA = 'giulia.bianchi@example.it'
const LUCA = 'luca.verdi@example.it'

type CartAnswer = { id: string; items: { quantity: number; isGift: boolean; itemOffered: { sku: string } }[] }
const paidLines = (cart: CartAnswer) =>
  Object.fromEntries(cart.items.filter((item) => !item.isGift).map((item) => [item.itemOffered.sku, item.quantity]))

/** The browser journeys' build, made the same way when there is none (a cold run: 5 to 8 minutes). */
async function ensureBuild(): Promise<'reused' | 'built'> {
  if (hasBuild(root)) return 'reused'
  process.stdout.write('test:cluster: no build in public/ and .cache/: building it as the browser journeys do (5 to 8 minutes)\n')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'supervisor/start.ts'], { cwd: root, env: { ...process.env, ...e2eServerEnv(false), SKIP_SERVE: '1' }, stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build ended with code ${code}`))))
  })
  return 'built'
}

const figures: string[] = []
afterAll(() => {
  if (figures.length > 0) process.stdout.write(`\nCluster (2 storefront servers, 2 platform processes, haproxy, PostgreSQL):\n${figures.map((f) => `  ${f}`).join('\n')}\n`)
})

const run = testDatabaseUrl() ? describe : describe.skip
if (!testDatabaseUrl()) process.stdout.write('test:cluster: TEST_DATABASE_URL is not set, so the cluster test is skipped (it needs a PostgreSQL server).\n')

run('the storefront as a cluster', () => {
  let database: TestDatabase
  let cluster: Cluster
  let workDir: string
  let catalog: BuildCatalog
  /** Plain skus (no minimum, no tiers, in stock, room for 10). */
  let skus: string[]
  const started = Date.now()

  const url = (name: string) => cluster.member(name).url

  beforeAll(async () => {
    // Fails, saying how to install it, before anything is built or started.
    findHaproxy()
    const build = await ensureBuild()
    database = await createTestDatabase()
    workDir = mkdtempSync(path.join(tmpdir(), 'zampa-cluster-'))
    const starting = Date.now()
    cluster = await startCluster({ databaseUrl: database.databaseUrl!, basePort, seedProducts: e2eSeedProducts, workDir, siteDir: root })
    figures.push(`build ${build}; cluster up in ${((Date.now() - starting) / 1000).toFixed(1)} s (logs and haproxy.cfg in ${workDir})`)
    catalog = await checkBuildCatalog(cluster.platformUrl, root)
    const products = (await (await fetch(`${cluster.platformUrl}/api/catalog/products?page=0&pageSize=100`)).json()) as {
      items: { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[]
    }
    skus = products.items
      .filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0)
      .flatMap((p) => p.variants)
      .filter((v) => v.lowPrice > 0 && v.maxQuantity >= 10)
      .map((v) => v.sku)
      .slice(0, 4)
    expect(skus).toHaveLength(4)
  }, 20 * 60_000)

  afterAll(async () => {
    await cluster?.close()
    await database?.drop()
    if (workDir) rmSync(workDir, { recursive: true, force: true })
    figures.push(`whole run ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }, 60_000)

  it('haproxy checks every server and shares requests between the two of each pair, round robin', async () => {
    const config = readFileSync(path.join(workDir, 'haproxy.cfg'), 'utf8')
    expect(config).toMatch(/option httpchk GET \/healthz/)
    expect(config).toMatch(/option httpchk GET \/api\/health/)
    expect((await cluster.servers()).map((s) => `${s.server} ${s.status}`)).toEqual(['storefront-1 UP', 'storefront-2 UP', 'platform-1 UP', 'platform-2 UP'])
    const servedBy = async (target: string) => {
      const names: (string | null)[] = []
      for (let i = 0; i < 4; i += 1) names.push((await fetch(target)).headers.get('x-served-by'))
      return names
    }
    expect(new Set(await servedBy(`${cluster.siteUrl}/healthz`))).toEqual(new Set(['storefront-1', 'storefront-2']))
    expect(new Set(await servedBy(`${cluster.platformUrl}/api/health`))).toEqual(new Set(['platform-1', 'platform-2']))
  })

  it('a shopper logged in through one platform process is recognised by the other and by both storefront servers', async () => {
    const shopper = new Shopper()
    // The login form from platform-1, sent to platform-2: its form token holds because both sign with one secret.
    const form = await shopper.request(`${url('platform-1')}/login`)
    const token = /name="_csrf" value="([^"]+)"/.exec(form.text)?.[1]
    expect(token).toBeTruthy()
    const login = await shopper.request(`${url('platform-2')}/login`, { form: { email: MARIO, password: PASSWORD, _csrf: token!, returnUrl: '/account' }, origin: cluster.platformUrl })
    expect(login.status).toBe(303)
    expect(shopper.cookies.get('pf_session')).toBeTruthy()

    type Person = { id: string; email: string } | null
    const platformPerson = async (name: string) => (await shopper.request<{ person: Person }>(`${url(name)}/api/session`)).json.person
    const storefrontPerson = async (name: string) =>
      (await shopper.request<{ data: { validateSession: { person: Person } } }>(`${url(name)}/api/graphql?operationName=ValidateSession`, { json: { operationName: 'ValidateSession', variables: { session: SESSION, search: '' } } })).json.data
        .validateSession.person
    const mario = await platformPerson('platform-1')
    expect(mario?.email).toBe(MARIO)
    expect(await platformPerson('platform-2')).toEqual(mario)
    expect((await storefrontPerson('storefront-1'))?.id).toBe(mario!.id)
    expect((await storefrontPerson('storefront-2'))?.id).toBe(mario!.id)

    // Logging out through one ends the session for all.
    expect((await shopper.request(`${url('platform-2')}/api/session/logout`, { method: 'POST', origin: cluster.platformUrl })).status).toBe(200)
    shopper.cookies.keep(login.headers.getSetCookie().filter((c) => c.startsWith('pf_session=')))
    expect(await platformPerson('platform-1')).toBeNull()
    expect(await storefrontPerson('storefront-1')).toBeNull()
  })

  it('a cart changed through one storefront server reads the same through the other', async () => {
    const shopper = new Shopper()
    const [a, b] = skus as [string, string]
    const item = (sku: string, quantity?: number) => ({ ...(quantity ? { quantity } : {}), itemOffered: { sku, additionalProperty: [] } })
    const added = await shopper.fn(url('storefront-1'), 'checkout/addCartItem', { body: { orderFormId: '', newItem: item(a, 1) } })
    expect(added.status).toBe(200)
    const id = added.json.id
    // The guest-cart key the Function set on the browser opens the cart on the other server.
    expect(shopper.cookies.get('pf_cart')).toBeTruthy()
    const read = async (name: string) => (await shopper.fn(url(name), 'checkout/getCartInformation', { query: { orderFormId: id } })).json
    expect(await read('storefront-2')).toEqual(await read('storefront-1'))

    expect((await shopper.fn(url('storefront-2'), 'checkout/updateCartItem', { body: { orderFormId: id, newItem: item(a, 4) } })).status).toBe(200)
    expect(paidLines(await read('storefront-1'))).toEqual({ [a]: 4 })
    expect((await shopper.fn(url('storefront-1'), 'checkout/addCartItem', { body: { orderFormId: id, newItem: item(b, 2) } })).status).toBe(200)
    expect((await shopper.fn(url('storefront-2'), 'checkout/removeCartItem', { body: { orderFormId: id, newItem: item(a) } })).status).toBe(200)
    const one = await read('storefront-1')
    expect(paidLines(one)).toEqual({ [b]: 2 })
    expect(await read('storefront-2')).toEqual(one)
    // And another browser (no key) is told the cart does not exist, by either server.
    const stranger = new Shopper()
    expect((await stranger.fn(url('storefront-2'), 'checkout/getCartInformation', { query: { orderFormId: id } })).status).toBe(404)
    expect(shopper.errors()).toEqual([])
  })

  it('the login throttle counts failures across platform processes, per account and address pair and per shopper address', async () => {
    const attempt = (base: string, email: string, password: string, address?: string) =>
      new Shopper(address ? { 'x-forwarded-for': address } : {}).request(`${base}/api/session/login`, { json: { email, password }, origin: cluster.platformUrl })
    // One shopper address at Giulia's account: its free failures, spread over the two processes, slow that pair
    // on both (429, even with the right password), while Giulia from another address still gets in.
    for (let i = 0; i < LOGIN_THROTTLE.pair.free; i += 1) expect((await attempt(url(`platform-${(i % 2) + 1}`), GIULIA, `sbagliata-${i}`, '203.0.113.10')).status).toBe(401)
    expect((await attempt(url('platform-1'), GIULIA, PASSWORD, '203.0.113.10')).status).toBe(429)
    expect((await attempt(url('platform-2'), GIULIA, PASSWORD, '203.0.113.10')).status).toBe(429)
    expect((await attempt(url('platform-2'), GIULIA, PASSWORD, '203.0.113.11')).status).toBe(200)
    // Per address, through the balancer, which names the shopper's address (X-Forwarded-For): failures across
    // accounts from one address, shared round robin between the two processes, slow that address and no other.
    const failures: Seen[] = []
    for (let i = 0; i < LOGIN_THROTTLE.address.free; i += 1) failures.push(await attempt(cluster.platformUrl, `sconosciuto${i}@example.it`, 'qualsiasi1', '203.0.113.20'))
    expect(failures.every((f) => f.status === 401)).toBe(true)
    expect(new Set(failures.map((f) => f.servedBy))).toEqual(new Set(['platform-1', 'platform-2']))
    expect((await attempt(url('platform-1'), LUCA, PASSWORD, '203.0.113.20')).status).toBe(429)
    expect((await attempt(url('platform-2'), LUCA, PASSWORD, '203.0.113.20')).status).toBe(429)
    expect((await attempt(cluster.platformUrl, LUCA, PASSWORD, '203.0.113.21')).status).toBe(200)
  })

  it('a deferred product page renders the same from either storefront server', async () => {
    expect(catalog.deferred.length).toBeGreaterThan(0)
    const slug = catalog.deferred.at(-1)!
    const product = (await (await fetch(`${cluster.platformUrl}/api/catalog/products/${slug}`)).json()) as { name: string }
    const page = async (name: string, pagePath: string) => {
      const answer = await fetch(`${url(name)}${pagePath}`)
      return { status: answer.status, body: await answer.text(), etag: answer.headers.get('etag') }
    }
    const [one, two] = await Promise.all([page('storefront-1', `/${slug}/p`), page('storefront-2', `/${slug}/p`)])
    expect(one.status).toBe(200)
    expect(one.body).toContain(product.name.replace(/&/g, '&amp;'))
    expect(two).toEqual(one)
    const dataPath = `/page-data/${slug}/p/page-data.json`
    const [data1, data2] = await Promise.all([page('storefront-1', dataPath), page('storefront-2', dataPath)])
    expect(data1.status).toBe(200)
    expect(data2.body).toBe(data1.body)
    figures.push(`deferred page /${slug}/p: the same ${one.body.length} bytes (ETag ${one.etag}) from both servers; ${catalog.prebuilt.length} product pages prebuilt, ${catalog.deferred.length} deferred`)
  })

  it('one storefront server and one platform process killed mid-journey: the journey goes on through the survivors, nothing lost, no 5xx', async () => {
    const shopper = new Shopper()
    const site = cluster.siteUrl
    const [a, b, c] = skus as [string, string, string]
    const item = (sku: string, quantity?: number) => ({ ...(quantity ? { quantity } : {}), itemOffered: { sku, additionalProperty: [] } })
    const expected: Record<string, number> = {}
    let cartId = ''
    const step = async <T>(name: string, action: () => Promise<{ status: number; json: T }>) => {
      const answer = await action()
      if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.json)}`)
      return answer
    }
    const readCart = async (base = site) => paidLines((await step('read the cart', () => shopper.fn(base, 'checkout/getCartInformation', { query: { orderFormId: cartId } }))).json)

    // Other shoppers keep reading pages, searching and reading a cart the whole time, so requests are in flight at each kill.
    const background = new Shopper()
    const backgroundCart = (await background.fn(site, 'checkout/addCartItem', { body: { orderFormId: '', newItem: item(skus[3]!, 1) } })).json.id
    const reads = ['/', `/${catalog.prebuilt[0]}/p`, '/api/search/results?q=crocchette', `/api/checkout/getCartInformation?orderFormId=${backgroundCart}`]
    let reading = true
    const failures: string[] = []
    // A SIGKILL cuts the answers its server was sending: no balancer can retry an answer already begun.
    // A browser's SDK retries such a read, so the reader does too, once, and notes when it was cut.
    const kills: number[] = []
    const cuts: number[] = []
    const loops = Array.from({ length: 4 }, async (_, n) => {
      for (let i = n; reading; i += 1) {
        const path = `${site}${reads[i % reads.length]}`
        await background.request(path).catch(async (error: unknown) => {
          cuts.push(Date.now())
          await background.request(path).catch((again: unknown) => failures.push(`${String(error)}, then ${String(again)}`))
        })
      }
    })
    const before = await cluster.servers()
    const since = async () => {
      const now = await cluster.servers()
      const total = (stats: typeof now, field: 'retries' | 'redispatches' | 'responses5xx') => stats.reduce((sum, s) => sum + s[field], 0)
      return { retries: total(now, 'retries') - total(before, 'retries'), redispatches: total(now, 'redispatches') - total(before, 'redispatches'), responses5xx: total(now, 'responses5xx') - total(before, 'responses5xx') }
    }

    try {
      const first = await step('add A', () => shopper.fn(site, 'checkout/addCartItem', { body: { orderFormId: '', newItem: item(a, 1) } }))
      cartId = first.json.id
      expected[a] = 1
      await step('add B', () => shopper.fn(site, 'checkout/addCartItem', { body: { orderFormId: cartId, newItem: item(b, 2) } }))
      expected[b] = 2
      expect(await readCart()).toEqual(expected)

      // Kill storefront-1. Until haproxy's checks take it out, the requests sent to it are refused and
      // sent to storefront-2: a burst of reads now lands on it for sure.
      const linesBefore = { ...expected }
      const killedStorefront = Date.now()
      kills.push(killedStorefront)
      await cluster.kill('storefront-1')
      const storefrontOut = cluster.waitFor('storefront-1', 'DOWN').then(() => Date.now() - killedStorefront)
      const burst = await Promise.all(Array.from({ length: 6 }, () => shopper.fn(site, 'checkout/getCartInformation', { query: { orderFormId: cartId } })))
      expect(burst.map((r) => `${r.status} ${r.servedBy}`)).toEqual(Array(6).fill('200 storefront-2'))
      await step('change A to 3', () => shopper.fn(site, 'checkout/updateCartItem', { body: { orderFormId: cartId, newItem: item(a, 3) } }))
      expected[a] = 3
      expect(await readCart()).toEqual(expected)
      const storefrontOutAfter = await storefrontOut

      // Log in through the platform's balancer, as the login page does (form token, then the post).
      const form = await shopper.request(`${cluster.platformUrl}/login`)
      const token = /name="_csrf" value="([^"]+)"/.exec(form.text)?.[1] ?? ''
      const login = await shopper.request(`${cluster.platformUrl}/login`, { form: { email: MARIO, password: PASSWORD, _csrf: token, returnUrl: '/account' } })
      expect(login.status).toBe(303)

      // Kill platform-1: the storefront's calls to the platform go on through platform-2.
      const killedPlatform = Date.now()
      kills.push(killedPlatform)
      await cluster.kill('platform-1')
      const platformOut = cluster.waitFor('platform-1', 'DOWN').then(() => Date.now() - killedPlatform)
      const platformBurst = await Promise.all(Array.from({ length: 6 }, () => shopper.request<{ person: { id: string } }>(`${cluster.platformUrl}/api/session`)))
      expect(platformBurst.map((r) => `${r.status} ${r.servedBy}`)).toEqual(Array(6).fill('200 platform-2'))
      const validated = await step('validate the session', () =>
        shopper.request(`${site}/api/graphql?operationName=ValidateSession`, { json: { operationName: 'ValidateSession', variables: { session: SESSION, search: '' } } }),
      )
      const person = (validated.json as { data: { validateSession: { person: { id: string; email: string } } } }).data.validateSession.person
      expect(person.email).toBe(MARIO)
      await step('save the cart', () => shopper.fn(site, 'sharedCart/saveSharedCart', { body: { userId: person.id, orderFormId: cartId } }))
      await step('add C', () => shopper.fn(site, 'checkout/addCartItem', { body: { orderFormId: cartId, newItem: item(c, 1) } }))
      expected[c] = 1
      expect(await readCart()).toEqual(expected)
      const platformOutAfter = await platformOut
      const duringOutage = await cluster.servers()
      expect(duringOutage.filter((s) => s.status === 'DOWN').map((s) => s.server)).toEqual(['storefront-1', 'platform-1'])

      // Both come back; haproxy puts them back once their health checks pass.
      const restarting = Date.now()
      await Promise.all([cluster.start('storefront-1'), cluster.start('platform-1')])
      const restartedAfter = Date.now() - restarting
      const backIn = Math.max(await cluster.waitFor('storefront-1', 'UP'), await cluster.waitFor('platform-1', 'UP'))
      await step('remove B', () => shopper.fn(site, 'checkout/removeCartItem', { body: { orderFormId: cartId, newItem: item(b) } }))
      delete expected[b]
      await step('change C to 2', () => shopper.fn(site, 'checkout/updateCartItem', { body: { orderFormId: cartId, newItem: item(c, 2) } }))
      expected[c] = 2

      // Every line is there, read through each server directly, and so is the saved cart.
      expect(await readCart(url('storefront-1'))).toEqual(expected)
      expect(await readCart(url('storefront-2'))).toEqual(expected)
      for (const name of ['storefront-1', 'storefront-2']) {
        const saved = await shopper.fn(url(name), 'sharedCart/getSharedCart', { body: { userId: person.id, nullOnEmpty: false } })
        expect(saved.status).toBe(200)
        expect(saved.json.data.getSavedCart?.id).toBe(cartId)
        expect(paidLines(saved.json.data.getSavedCart!)).toEqual(expected)
      }
      const haproxy = await since()
      reading = false
      await Promise.all(loops)
      // The other shoppers' cart, read a thousand times through the kills, is as it was.
      expect(paidLines((await background.fn(site, 'checkout/getCartInformation', { query: { orderFormId: backgroundCart } })).json)).toEqual({ [skus[3]!]: 1 })

      const shopperErrors = shopper.errors()
      const backgroundErrors = background.errors()
      expect(shopperErrors).toEqual([])
      expect(backgroundErrors).toEqual([])
      expect(failures).toEqual([])
      // Only the answers in flight at a kill were cut: at most one per reader per kill, each within a second of it.
      expect(cuts.length).toBeLessThanOrEqual(loops.length * kills.length)
      for (const cut of cuts) expect(kills.some((kill) => cut >= kill && cut - kill < 1_000)).toBe(true)
      // Each burst sent requests to a dead server: haproxy retried them on the survivor.
      expect(haproxy.redispatches).toBeGreaterThanOrEqual(2)
      // A dead server leaves within a few health checks, and a restarted one is back as soon.
      expect(storefrontOutAfter).toBeLessThan(5_000)
      expect(platformOutAfter).toBeLessThan(5_000)
      expect(backIn).toBeLessThan(5_000)
      figures.push(
        `journey: storefront-1 SIGKILLed with lines ${JSON.stringify(linesBefore)}; out of haproxy ${storefrontOutAfter} ms later`,
        `journey: platform-1 SIGKILLed after the login; out of haproxy ${platformOutAfter} ms later`,
        `journey: both started again in ${(restartedAfter / 1000).toFixed(1)} s, back UP ${backIn} ms after answering`,
        `journey: ${shopper.seen.length} shopper requests and ${background.seen.length} background reads; haproxy retried ${haproxy.retries} and redispatched ${haproxy.redispatches} of them, ` +
          `servers answered ${haproxy.responses5xx} 5xx; 5xx seen by the shoppers 0; ${cuts.length} background reads cut by a kill and read again; ` +
          `final cart ${JSON.stringify(expected)} read the same through both servers and saved for ${MARIO}`,
      )
    } finally {
      reading = false
      await Promise.all(loops)
    }
  }, 180_000)
})
