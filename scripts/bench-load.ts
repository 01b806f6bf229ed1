/**
 * `npm run bench:load`: load on the production server, on loopback, bounded
 * in connections and time. Serves the last build (run `npm run build` first)
 * with its own platform on a throwaway database, both on free ports, then:
 *
 * 1. for each request (cart read, cart add, search results, a static product
 *    page) BENCH_CONNECTIONS connections (50) for BENCH_SECONDS (30) against
 *    the storefront, and the same request straight to the platform beside it;
 *    req/s, p50, p99, errors, and both processes' memory before and after;
 *    then the storefront's cart read again at a fixed rate of half the
 *    platform's direct throughput, where its p99 target is set, beside two
 *    controls at the same pace: straight to the platform, and through a bare
 *    `node:http` proxy (scripts/bare-proxy.ts), the floor of any server here;
 *    the three take turns (BENCH_PACED_ROUNDS, 3, of BENCH_SECONDS / 3 each),
 *    so the machine's slow spells fall on all three alike;
 * 2. with BENCH_GATSBY=1, the same cart read (15 s) and static page through
 *    `gatsby serve`, for a before/after on one machine and one run;
 * 3. a soak of BENCH_SOAK_SECONDS (1,800) at BENCH_SOAK_RATE (40 req/s) of
 *    pages, searches and carts, with both servers' memory every minute; the
 *    bench fails when the storefront's still grows at the end
 *    (scripts/bench-soak.ts). BENCH_ONLY=soak runs the soak alone.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { once } from 'node:events'
import http from 'node:http'
import { createServer } from 'node:net'
import path from 'node:path'
import autocannon from 'autocannon'
import { PLATFORM_CART_COOKIE } from '../platform/wire'
import { siteHttpLimits } from '../serve/config'
import { storefrontEnv } from '../supervisor/processes'
import { supervise, waitUntilUp } from '../supervisor/supervise'
import { percentile, rssMb, soak } from './bench-soak'

const host = '127.0.0.1'
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** The load comes from one guest's browser: its carts are bound to this key, which every request carries. */
const BROWSER_COOKIE = `${PLATFORM_CART_COOKIE}=${randomBytes(32).toString('base64url')}`
const seconds = Number(process.env.BENCH_SECONDS ?? 30)
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 1800)
const soakRate = Number(process.env.BENCH_SOAK_RATE ?? 40)
/** BENCH_ONLY=soak runs the soak alone. */
const soakOnly = process.env.BENCH_ONLY === 'soak'
const withGatsby = process.env.BENCH_GATSBY === '1'
/** The paced rows at half the platform's throughput run in this many turns each (BENCH_SECONDS in all). */
const pacedRounds = Math.max(1, Number(process.env.BENCH_PACED_ROUNDS ?? 3))

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, host)
  await once(server, 'listening')
  const port = (server.address() as { port: number }).port
  server.close()
  return port
}

interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
}

type Requests = autocannon.Options['requests']

interface LoadOptions {
  method?: 'GET' | 'POST'
  body?: string
  requests?: Requests
  duration?: number
}

async function load(name: string, url: string, options: LoadOptions = {}): Promise<Row> {
  const result = await autocannon({
    url,
    connections,
    duration: options.duration ?? seconds,
    timeout: 10,
    method: options.method ?? 'GET',
    headers: { cookie: BROWSER_COOKIE, ...(options.body || options.requests ? { 'content-type': 'application/json' } : {}) },
    body: options.body,
    requests: options.requests,
  })
  // autocannon counts a time-out among its errors too, so errors + non-2xx is every failed request once.
  const errors = result.errors + result.non2xx
  const row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors }
  // What the errors were: time-outs, connection errors, and each non-2xx status with its count.
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, stat]) => `${code}×${stat.count}`)
  const kinds = [result.timeouts ? `time-out×${result.timeouts}` : '', result.errors - result.timeouts > 0 ? `socket×${result.errors - result.timeouts}` : '', ...statuses].filter(Boolean)
  console.log(
    `${name.padEnd(48)} ${row.rps.toFixed(1).padStart(8)} req/s  p50 ${String(row.p50).padStart(5)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${errors}${kinds.length ? ` (${kinds.join(', ')})` : ''}`,
  )
  return row
}

interface Paced {
  latencies: number[]
  errors: number
  seconds: number
}

/**
 * Open-loop load: one GET every 1/rate seconds, evenly spaced, at most
 * `connections` in flight. Each latency counts from when its request was due,
 * so a server that falls behind is charged for the queue it builds
 * (autocannon's fixed rate sends each connection's quota in a burst at the
 * start of every second, which measures the burst rather than the server).
 */
async function pacedRun(url: string, rate: number, duration: number): Promise<Paced> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(url, { agent, headers: { cookie: BROWSER_COOKIE } }, (response) => {
        response.resume()
        response.on('end', () => {
          if ((response.statusCode ?? 0) >= 300) errors += 1
          else latencies.push(performance.now() - due)
          resolve()
        })
      })
      request.setTimeout(10_000, () => request.destroy(new Error('time-out')))
      request.on('error', () => {
        errors += 1
        resolve()
      })
    })
  const total = Math.floor(rate * duration)
  const started = performance.now()
  const pending: Promise<void>[] = []
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1_000) / rate
    const wait = due - performance.now()
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait))
    pending.push(one(due))
  }
  await Promise.all(pending)
  agent.destroy()
  return { latencies, errors, seconds: (performance.now() - started) / 1_000 }
}

/** One row from paced runs of one request: every latency of every run together. */
function pacedRow(name: string, runs: readonly Paced[]): Row {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b)
  const errors = runs.reduce((sum, run) => sum + run.errors, 0)
  const elapsed = runs.reduce((sum, run) => sum + run.seconds, 0)
  const row = { name, rps: latencies.length / elapsed, p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)), errors }
  const perRun = runs.length > 1 ? `; p99 per ${Math.round(elapsed / runs.length)} s run: ${runs.map((run) => Math.round(percentile([...run.latencies].sort((a, b) => a - b), 99))).join(', ')} ms` : ''
  console.log(`${name.padEnd(48)} ${row.rps.toFixed(1).padStart(8)} req/s  p50 ${String(row.p50).padStart(5)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${errors}  (evenly paced${perRun})`)
  return row
}

async function paced(name: string, url: string, rate: number, duration = seconds): Promise<Row> {
  return pacedRow(name, [await pacedRun(url, rate, duration)])
}

/**
 * The same pace sent to several servers in turns of `duration / rounds`
 * seconds (A B C A B C …), so a slow spell of this shared machine falls on
 * all of them alike rather than on whichever ran then; a row per server.
 */
async function pacedInTurns(targets: readonly { name: string; url: string }[], rate: number, rounds: number, duration = seconds): Promise<Row[]> {
  const runs: Paced[][] = targets.map(() => [])
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries()) runs[index]!.push(await pacedRun(target.url, rate, duration / rounds))
  }
  return targets.map((target, index) => pacedRow(target.name, runs[index]!))
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), cookie: BROWSER_COOKIE } })
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The build's pages whose folder `keep` accepts, as paths ending in `suffix`. */
function pagePaths(keep: (dir: string) => boolean, suffix: string): string[] {
  return readdirSync('public', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && keep(entry.name))
    .map((entry) => `/${entry.name}${suffix}`)
}

/** Words of the products' names, the way shoppers type them: whole, misspelt by a letter, and in pairs. */
function searchTerms(productPaths: readonly string[]): string[] {
  const words = [...new Set(productPaths.flatMap((page) => page.split('/')[1]!.split('-')).filter((word) => word.length > 3))]
  const typos = words.map((word) => word.slice(0, -1))
  const pairs = words.slice(0, 200).map((word, i) => `${word} ${words[(i * 7) % words.length]}`)
  return [...words, ...typos, ...pairs]
}

async function main(): Promise<void> {
  if (!existsSync('public/index.html') || !existsSync('.cache/functions/manifest.json')) {
    console.error('No build found: run `npm run build` first.')
    process.exit(1)
  }
  const sitePort = await freePort()
  const platformPort = await freePort()
  const siteUrl = `http://${host}:${sitePort}`
  const platformUrl = `http://${host}:${platformPort}`
  const env = {
    ...storefrontEnv(platformUrl, siteUrl),
    HOST: host,
    SITE_PORT: String(sitePort),
    PLATFORM_PORT: String(platformPort),
    PLATFORM_DATA_DIR: 'memory://',
    // Every connection of the load comes from this one address; the per-client cap is for many clients.
    SITE_MAX_CONNECTIONS_PER_CLIENT: process.env.SITE_MAX_CONNECTIONS_PER_CLIENT ?? '0',
    PLATFORM_MAX_CONNECTIONS_PER_CLIENT: process.env.PLATFORM_MAX_CONNECTIONS_PER_CLIENT ?? '0',
  }
  const platform = supervise('platform', 'supervisor/platformProcess.ts', env, `${platformUrl}/api/health`)
  await platform.ready
  const site = supervise('storefront', 'serve/main.ts', env, siteUrl)
  await site.ready
  const proxyPort = await freePort()
  const proxy = supervise('bare proxy', 'scripts/bare-proxy.ts', { ...env, BARE_PROXY_PORT: String(proxyPort) }, `http://${host}:${proxyPort}/`)
  await proxy.ready
  let gatsby: ChildProcess | undefined
  const stopAll = async () => {
    gatsby?.kill('SIGTERM')
    await Promise.all([site.stop(), proxy.stop(), platform.stop()])
  }
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)))

  try {
    // Fixtures: a sku with room for many adds, one cart to read, a pool of carts to add to.
    const catalog = await json<{ items: { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[] }>(
      `${platformUrl}/api/catalog/products?page=0&pageSize=200`,
    )
    const variant = catalog.items
      .filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0)
      .flatMap((p) => p.variants)
      .filter((v) => v.lowPrice > 0)
      .sort((a, b) => b.maxQuantity - a.maxQuantity)[0]!
    const newCart = async () => {
      const cart = await json<{ id: string }>(`${platformUrl}/api/orderforms`, { method: 'POST' })
      await json(`${platformUrl}/api/orderforms/${cart.id}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sku: variant.sku, quantity: 1 }) })
      return cart.id
    }
    const readCart = await newCart()
    // Enough carts that no line reaches its maximum quantity at 500 adds a second.
    const poolSize = Math.ceil((500 * seconds) / Math.max(1, variant.maxQuantity - 2))
    const pool = async () => {
      const ids: string[] = []
      for (let i = 0; i < poolSize; i += 20) ids.push(...(await Promise.all(Array.from({ length: Math.min(20, poolSize - i) }, newCart))))
      return ids
    }
    const rotating = (ids: string[], body: (id: string) => { path?: string; body: string }): Requests => {
      let next = 0
      return [
        {
          method: 'POST',
          setupRequest: (request) => {
            const made = body(ids[next++ % ids.length]!)
            return { ...request, path: made.path ?? request.path, body: made.body }
          },
        },
      ]
    }
    const productPaths = pagePaths((dir) => existsSync(path.join('public', dir, 'p', 'index.html')), '/p')
    const productPath = productPaths[0]
    if (!productPath) throw new Error('no product page in public/')
    const allProducts = async (): Promise<string[]> => {
      const slugs: string[] = []
      for (let page = 0; ; page += 1) {
        const batch = await json<{ items: { slug: string }[] }>(`${platformUrl}/api/catalog/products?page=${page}&pageSize=200`)
        slugs.push(...batch.items.map((product) => product.slug))
        if (batch.items.length < 200) return slugs
      }
    }
    const memory = () => `storefront ${rssMb(site.pid).toFixed(0)} MB, platform ${rssMb(platform.pid).toFixed(0)} MB`

    if (!soakOnly) {
      console.log(`\nbench:load: ${connections} connections, ${seconds} s each, loopback; catalog sku ${variant.sku} (max ${variant.maxQuantity}), ${poolSize} carts per add run`)
      console.log(`memory before: ${memory()}\n`)
      const rows: Row[] = []
      const cartRead = `${siteUrl}/api/checkout/getCartInformation?orderFormId=${readCart}`
      rows.push(await load('storefront GET /api/checkout/getCartInformation', cartRead))
      const platformRead = `${platformUrl}/api/orderforms/${readCart}`
      rows.push(await load('platform   GET /api/orderforms/:id', platformRead))
      // The latency target is set at a throughput: half of what the platform answers directly (and a quarter, for the curve).
      const rateAt = (share: number) => Math.max(1, Math.round(rows[1]!.rps * share))
      const quarterRate = rateAt(0.25)
      await paced(`storefront cart read at ${quarterRate} req/s (25 % of direct)`, cartRead, quarterRate)
      // At half, where the target is set, in turns with two controls at the same pace: straight to the platform
      // (what the machine and the generator add), and through a proxy that does nothing but forward (the floor).
      const halfRate = rateAt(0.5)
      const [atHalf, directAtHalf, proxyAtHalf] = (await pacedInTurns(
        [
          { name: `storefront cart read at ${halfRate} req/s (50 % of direct)`, url: cartRead },
          { name: `platform   cart read at ${halfRate} req/s (the same pace, direct)`, url: platformRead },
          { name: `bare proxy cart read at ${halfRate} req/s (the same pace)`, url: `http://${host}:${proxyPort}/?orderFormId=${readCart}` },
        ],
        halfRate,
        pacedRounds,
      )) as [Row, Row, Row]
      const sitePool = await pool()
      rows.push(
        await load('storefront POST /api/checkout/addCartItem', `${siteUrl}/api/checkout/addCartItem`, {
          requests: rotating(sitePool, (id) => ({ body: JSON.stringify({ orderFormId: id, newItem: { quantity: 1, itemOffered: { sku: variant.sku, additionalProperty: [] } } }) })),
        }),
      )
      const platformPool = await pool()
      rows.push(
        await load('platform   POST /api/orderforms/:id/items', `${platformUrl}/api/orderforms/x/items`, {
          requests: rotating(platformPool, (id) => ({ path: `/api/orderforms/${id}/items`, body: JSON.stringify({ sku: variant.sku, quantity: 1 }) })),
        }),
      )
      rows.push(await load('storefront GET /api/search/results?q=crocchette', `${siteUrl}/api/search/results?q=crocchette`))
      rows.push(await load('platform   GET /api/catalog/search?q=crocchette', `${platformUrl}/api/catalog/search?q=crocchette`))
      rows.push(await load(`storefront GET ${productPath} (static)`, `${siteUrl}${productPath}`))
      console.log(`\nmemory after: ${memory()}; storefront restarts ${site.restarts}, platform restarts ${platform.restarts}`)
      const cartRatio = rows[0]!.rps / rows[1]!.rps
      console.log(`cart read: ${(cartRatio * 100).toFixed(0)} % of the platform's direct throughput, p99 ${rows[0]!.p99} ms; at ${halfRate} req/s (half the direct throughput) p99 ${atHalf.p99} ms, ${atHalf.rps.toFixed(0)} req/s served (at that pace straight to the platform p99 ${directAtHalf.p99} ms, through a bare proxy p99 ${proxyAtHalf.p99} ms)`)

      if (withGatsby) {
        const gatsbyPort = await freePort()
        gatsby = spawn(path.resolve('node_modules/.bin/gatsby'), ['serve', '-H', host, '-p', String(gatsbyPort)], { env, stdio: 'ignore' })
        const gatsbyUrl = `http://${host}:${gatsbyPort}`
        await waitUntilUp(gatsbyUrl)
        console.log(`\ngatsby serve, same machine and run (memory ${rssMb(gatsby.pid).toFixed(0)} MB at start):`)
        await load(`gatsby serve GET ${productPath} (static)`, `${gatsbyUrl}${productPath}`)
        await load('gatsby serve GET /api/checkout/getCartInformation (15 s)', `${gatsbyUrl}/api/checkout/getCartInformation?orderFormId=${readCart}`, { duration: 15 })
        console.log(`gatsby serve memory after: ${rssMb(gatsby.pid).toFixed(0)} MB`)
        gatsby.kill('SIGTERM')
        gatsby = undefined
      }
    }

    if (soakSeconds > 0) {
      const categoryPaths = pagePaths((dir) => !dir.startsWith('_') && !/^\d+$/.test(dir) && !existsSync(path.join('public', dir, 'p')) && existsSync(path.join('public', dir, 'index.html')), '/')
      const prebuilt = new Set(productPaths)
      const deferredPaths = (await allProducts()).map((slug) => `/${slug}/p`).filter((page) => !prebuilt.has(page))
      const terms = searchTerms(productPaths)
      const levelled = await soak({
        siteUrl,
        platformUrl,
        sitePid: () => site.pid,
        platformPid: () => platform.pid,
        cookie: BROWSER_COOKIE,
        seconds: soakSeconds,
        rate: soakRate,
        sku: variant.sku,
        staticPaths: ['/', ...categoryPaths, ...productPaths],
        deferredPaths,
        terms,
        headersTimeoutMs: siteHttpLimits(env, false).headersTimeoutMs,
      })
      console.log(`${productPaths.length} product pages, ${categoryPaths.length} other pages and ${deferredPaths.length} deferred pages in turn, ${terms.length} search terms; storefront restarts ${site.restarts}, platform restarts ${platform.restarts}`)
      if (!levelled || site.restarts > 0) process.exitCode = 1
    }
  } finally {
    await stopAll()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
