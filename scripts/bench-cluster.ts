/**
 * `npm run bench:cluster`: load through haproxy on a cluster of two
 * production servers and two platform processes on PostgreSQL
 * (scripts/cluster.ts), over the last build, on loopback, bounded in
 * connections and time. Each connection repeats a shopper's mix: a product
 * page, the home page, a search through the Function, a cart read and an add
 * to cart. The same load runs with one storefront server in the balancer
 * (the other set to maintenance in haproxy) and with both, in turns: the
 * ratio of their throughputs is the figure. Prints req/s, p50, p99, errors and the
 * resident memory of every process, and the machine's core count: with two
 * cores the storefront servers, the platforms, PostgreSQL, haproxy and the
 * load generator share them, so the ratio says more about the design than
 * about the hardware.
 *
 * Needs a build (`npm run build`, or the browser journeys' build), haproxy
 * (`apt-get install -y haproxy`) and a PostgreSQL server in
 * TEST_DATABASE_URL (a schema of its own is made and dropped).
 * BENCH_CONNECTIONS (32), BENCH_SECONDS (30 per load), BENCH_ROUNDS (3 turns each), BENCH_CLUSTER_PORT
 * (9550, the first of its ports), CLUSTER_SEED_PRODUCTS (the journeys'
 * catalog, E2E_SEED_PRODUCTS or 300: the catalog the build was made from).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { PLATFORM_CART_COOKIE } from '../platform/wire'
import { createTestDatabase, testDatabaseUrl } from '../platform/testing/database'
import { checkBuildCatalog, findHaproxy, hasBuild, startCluster, type Cluster } from './cluster'

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const seconds = Number(process.env.BENCH_SECONDS ?? 30)
const basePort = Number(process.env.BENCH_CLUSTER_PORT ?? 9550)
const seedProducts = Number(process.env.CLUSTER_SEED_PRODUCTS ?? process.env.E2E_SEED_PRODUCTS ?? 300)
/** The load's carts belong to one browser: its guest-cart key goes with every request. */
const BROWSER_COOKIE = `${PLATFORM_CART_COOKIE}=${randomBytes(32).toString('base64url')}`
const SEARCHES = ['crocchette', 'gatto', 'cane', 'snack', 'lettiera', 'pollo', 'acquario', 'gioco']

/** Turns of each load (BENCH_ROUNDS), each BENCH_SECONDS / rounds long. */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))

interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
  requests: number
}

/** The turns of one load as one row: every request over the whole time; p50 and p99 the worst turn's. */
function total(name: string, rows: readonly Row[]): Row {
  const requests = rows.reduce((sum, row) => sum + row.requests, 0)
  return {
    name,
    requests,
    rps: requests / seconds,
    p50: Math.max(...rows.map((row) => row.p50)),
    p99: Math.max(...rows.map((row) => row.p99)),
    errors: rows.reduce((sum, row) => sum + row.errors, 0),
  }
}

/** CPU seconds a process has used so far (Linux /proc: user + system), NaN when it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

/** CPU seconds used so far by every PostgreSQL process (the server is shared: other clients' work counts too). */
function postgresSeconds(): Map<number, number> {
  const used = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (!stat.includes(' (postgres) ')) continue
      const fields = stat.split(') ')[1]!.split(' ')
      used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100)
    } catch {
      // The process ended meanwhile.
    }
  }
  return used
}

/** The whole machine's busy and total CPU seconds so far (/proc/stat). */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const ticks = values.map(Number)
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
  const total = ticks.reduce((sum, t) => sum + t, 0)
  return { busy: (total - idle) / 100, total: total / 100 }
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: BROWSER_COOKIE } })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function main(): Promise<void> {
  if (!hasBuild()) throw new Error('no build in public/ and .cache/: run `npm run build` (or the browser journeys) first')
  findHaproxy()
  if (!testDatabaseUrl()) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test (a schema of its own is made and dropped)')
  const cores = availableParallelism()
  const database = await createTestDatabase()
  const workDir = mkdtempSync(path.join(tmpdir(), 'zampa-bench-cluster-'))
  let cluster: Cluster | undefined
  process.on('SIGINT', () => void cluster?.close().then(() => database.drop()).finally(() => process.exit(130)))
  try {
    cluster = await startCluster({ databaseUrl: database.databaseUrl!, basePort, seedProducts, workDir, log: (line) => console.log(`  ${line}`) })
    const site = cluster.siteUrl
    const { prebuilt } = await checkBuildCatalog(cluster.platformUrl)

    // Fixtures: skus with room for many adds, and a pool of carts to add to, so no line reaches its maximum.
    const catalog = await json<{ items: { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[] }>(
      `${cluster.platformUrl}/api/catalog/products?page=0&pageSize=200`,
    )
    const variants = catalog.items
      .filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0)
      .flatMap((p) => p.variants)
      .filter((v) => v.lowPrice > 0)
      .sort((a, b) => b.maxQuantity - a.maxQuantity)
      .slice(0, 4)
    const perCart = variants.reduce((sum, v) => sum + v.maxQuantity - 2, 0)
    // One add in five requests, at up to 2,000 requests a second through both runs and the warm-up.
    const poolSize = Math.min(2_000, Math.max(20, Math.ceil((400 * (2 * seconds + 10)) / perCart)))
    const carts: string[] = []
    const newCart = async () => {
      const cart = await json<{ id: string }>(`${cluster!.platformUrl}/api/orderforms`, { method: 'POST' })
      await json(`${cluster!.platformUrl}/api/orderforms/${cart.id}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sku: variants[0]!.sku, quantity: 1 }) })
      return cart.id
    }
    for (let i = 0; i < poolSize; i += 20) carts.push(...(await Promise.all(Array.from({ length: Math.min(20, poolSize - i) }, newCart))))

    // Each list turns on its own, so every cart gets every sku in turn.
    const turns = new Map<readonly unknown[], number>()
    const next = <T>(list: readonly T[]): T => {
      const turn = turns.get(list) ?? 0
      turns.set(list, turn + 1)
      return list[turn % list.length]!
    }
    const mix: autocannon.Options['requests'] = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/${next(prebuilt)}/p` }) },
      { method: 'GET', path: '/' },
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/search/results?q=${next(SEARCHES)}` }) },
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/checkout/getCartInformation?orderFormId=${next(carts)}` }) },
      {
        method: 'POST',
        path: '/api/checkout/addCartItem',
        headers: { 'content-type': 'application/json', origin: site, cookie: BROWSER_COOKIE },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ orderFormId: next(carts), newItem: { quantity: 1, itemOffered: { sku: next(variants).sku, additionalProperty: [] } } }) }),
      },
    ]
    /** CPU each process used during the loads of one kind, in cores (1 = one core busy the whole time). */
    const cpu = new Map<string, Map<string, number>>()
    const load = async (name: string, duration: number, kind = name): Promise<Row> => {
      const pids = { ...cluster!.pids(), 'load generator': process.pid }
      const before = Object.fromEntries(Object.entries(pids).map(([who, pid]) => [who, cpuSeconds(pid)]))
      const machineBefore = machineSeconds()
      const postgresBefore = postgresSeconds()
      const startedAt = performance.now()
      const result = await autocannon({ url: site, connections, duration, timeout: 10, headers: { cookie: BROWSER_COOKIE }, requests: mix })
      const elapsed = (performance.now() - startedAt) / 1000
      const used = cpu.get(kind) ?? new Map<string, number>()
      for (const [who, pid] of Object.entries(pids)) used.set(who, (used.get(who) ?? 0) + (cpuSeconds(pid) - before[who]!))
      const machineAfter = machineSeconds()
      let postgres = 0
      for (const [pid, secs] of postgresSeconds()) postgres += secs - (postgresBefore.get(pid) ?? 0)
      used.set('postgres', (used.get('postgres') ?? 0) + postgres)
      used.set('whole machine', (used.get('whole machine') ?? 0) + (machineAfter.busy - machineBefore.busy))
      used.set('elapsed', (used.get('elapsed') ?? 0) + elapsed)
      cpu.set(kind, used)
      const row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, requests: result.requests.total }
      const statuses = Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stat]) => `${code}×${stat.count}`)
      console.log(
        `${name.padEnd(30)} ${row.rps.toFixed(1).padStart(8)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}${statuses.length ? ` (${statuses.join(', ')})` : ''}  (${row.requests} requests)`,
      )
      return row
    }
    const memory = () =>
      Object.entries(cluster!.memory())
        .map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`)
        .join(', ')

    console.log(`\nbench:cluster: ${cores} cores (the servers, both platforms, PostgreSQL, haproxy and this load generator share them, so two servers cannot double one's throughput here)`)
    console.log(`${connections} connections, ${seconds} s per load in ${rounds} turns, through haproxy at ${site}; each connection repeats: product page, home page, search Function, cart read, add to cart`)
    console.log(`catalog ${seedProducts} products (${prebuilt.length} pages prebuilt), ${carts.length} carts for the adds, each with room for ${perCart}`)
    console.log(`memory at start: ${memory()}\n`)
    await load('warm-up (both servers, 10 s)', 10)

    // The two loads take turns (1 2 1 2 …), so a slow spell of this shared machine falls on both alike.
    const ones: Row[] = []
    const twos: Row[] = []
    let memoryOne = ''
    let memoryTwo = ''
    for (let round = 1; round <= rounds; round += 1) {
      await cluster.exclude('storefront-2')
      ones.push(await load(`1 storefront server, turn ${round}`, seconds / rounds, 'one'))
      memoryOne = memory()
      await cluster.include('storefront-2')
      twos.push(await load(`2 storefront servers, turn ${round}`, seconds / rounds, 'two'))
      memoryTwo = memory()
    }
    const one = total('1 storefront server', ones)
    const two = total('2 storefront servers', twos)
    const servers = await cluster.servers()

    console.log(`\nmemory after 1 server: ${memoryOne}`)
    console.log(`memory after 2 servers: ${memoryTwo}`)
    for (const [kind, label] of [['one', '1 server'], ['two', '2 servers']] as const) {
      const used = cpu.get(kind)!
      const elapsed = used.get('elapsed')!
      const shares = [...used].filter(([who]) => who !== 'elapsed').map(([who, secs]) => `${who} ${(secs / elapsed).toFixed(2)}`)
      console.log(`CPU in cores during ${label} (of ${cores}): ${shares.join(', ')}`)
    }
    console.log(`haproxy: ${servers.map((s) => `${s.server} ${s.status}, ${s.retries + s.redispatches} retried, ${s.responses5xx} 5xx`).join('; ')}`)
    for (const row of [one, two]) console.log(`${row.name.padEnd(30)} ${row.rps.toFixed(1).padStart(8)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}  (${row.requests} requests; p50 and p99 of the worst turn)`)
    console.log(`\n2 servers / 1 server: ${(two.rps / one.rps).toFixed(2)}× the throughput (${one.rps.toFixed(0)} → ${two.rps.toFixed(0)} req/s), p99 ${one.p99} → ${two.p99} ms, errors ${one.errors + two.errors}, on ${cores} cores`)
    const oneUsed = cpu.get('one')!
    const oneElapsed = oneUsed.get('elapsed')!
    const machineBusy = oneUsed.get('whole machine')! / oneElapsed
    console.log(
      `with 1 server, it used ${(oneUsed.get('storefront-1')! / oneElapsed).toFixed(2)} of the 1 core a Node process can use, while the machine was ${((machineBusy / cores) * 100).toFixed(0)} % busy: ` +
        (machineBusy / cores > 0.9 ? 'the machine, not the storefront server, was the limit, so a second server had no idle core to use' : 'a second server had idle cores to use'),
    )
    if (one.errors + two.errors > 0) process.exitCode = 1
  } finally {
    await cluster?.close()
    await database.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
