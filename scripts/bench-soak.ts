/**
 * The soak of `npm run bench:load`: a steady mix of what shoppers ask, sent
 * evenly paced for BENCH_SOAK_SECONDS (1,800) at BENCH_SOAK_RATE requests a
 * second (40), with both servers' resident memory printed every minute. It
 * fails when the storefront's memory grew more than 5 % over the last third
 * of the run (the last 10 minutes of 30): a server that only fills bounded
 * caches levels off before then, one that leaks does not.
 *
 * Beside the traffic, once a minute a connection to each server sends
 * nothing: the time each server takes to close it is printed, against the
 * headers time-out it should be closed at.
 */
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { silentConnection } from '../platform/testing/slow-clients'

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return Number(kb) / 1024
  } catch {
    return NaN
  }
}

/** p-th percentile (0–100) of sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export interface SoakOptions {
  siteUrl: string
  platformUrl: string
  sitePid: () => number | undefined
  platformPid: () => number | undefined
  /** The browser cookie every request carries (its guest carts are bound to it). */
  cookie: string
  seconds: number
  rate: number
  /** A sku with room for a few adds per cart. */
  sku: string
  /** Pages of the build, prebuilt and deferred, and words to search for. */
  staticPaths: readonly string[]
  deferredPaths: readonly string[]
  terms: readonly string[]
  /** How long the servers should let a silent connection stay open (their headers time-out). */
  headersTimeoutMs: number
}

interface Ask {
  kind: string
  method: 'GET' | 'POST'
  path: string
  body?: string
  /** What to do with a 2xx answer's body (the cart a first add made). */
  then?: (body: string) => void
}

/** The mix, in twentieths: what a catalog-heavy shop's traffic looks like, carts and searches included. */
const MIX: readonly (readonly [string, number])[] = [
  ['page', 6],
  ['page data', 2],
  ['deferred page', 1],
  ['search results', 2],
  ['suggestions', 3],
  ['search page', 1],
  ['cart read', 3],
  ['first add', 1],
  ['add', 1],
]

const mixKinds = MIX.flatMap(([kind, weight]) => Array.from({ length: weight }, () => kind))

/** Picks the next request of the mix: every kind in its share, each walking through its own list of pages or words. */
export function soakRequests(options: Pick<SoakOptions, 'sku' | 'staticPaths' | 'deferredPaths' | 'terms'>): () => Ask {
  let step = 0
  const counters = new Map<string, number>()
  const next = (kind: string, length: number) => {
    const n = counters.get(kind) ?? 0
    counters.set(kind, n + 1)
    return n % Math.max(1, length)
  }
  // Carts a first add made, each given at most three more adds, so no line reaches its maximum quantity.
  const carts: { id: string; adds: number }[] = []
  const addBody = (orderFormId: string) => JSON.stringify({ orderFormId, newItem: { quantity: 1, itemOffered: { sku: options.sku, additionalProperty: [] } } })
  const remember = (body: string) => {
    const id = (JSON.parse(body) as { id?: string }).id
    if (id) carts.push({ id, adds: 0 })
    if (carts.length > 500) carts.shift()
  }
  const term = (kind: string) => options.terms[next(kind, options.terms.length)]!
  // Also what a cart read or an add sends while there is no cart to read or add to.
  const firstAdd = (): Ask => ({ kind: 'first add', method: 'POST', path: '/api/checkout/addCartItem', body: addBody(''), then: remember })
  return () => {
    const kind = mixKinds[step++ % mixKinds.length]!
    switch (kind) {
      case 'page':
        return { kind, method: 'GET', path: options.staticPaths[next(kind, options.staticPaths.length)]! }
      case 'page data': {
        const page = options.staticPaths[next(kind, options.staticPaths.length)]!.replace(/\/$/, '')
        return { kind, method: 'GET', path: `/page-data${page || '/index'}/page-data.json` }
      }
      case 'deferred page':
        return { kind, method: 'GET', path: options.deferredPaths[next(kind, options.deferredPaths.length)] ?? options.staticPaths[0]! }
      case 'search results':
        return { kind, method: 'GET', path: `/api/search/results?q=${encodeURIComponent(term(kind))}` }
      case 'suggestions':
        return { kind, method: 'GET', path: `/api/search/suggestions?q=${encodeURIComponent(term(kind).slice(0, 4))}` }
      case 'search page':
        return { kind, method: 'GET', path: `/s?q=${encodeURIComponent(term(kind))}` }
      case 'cart read': {
        const cart = carts.length ? carts[next(kind, carts.length)]! : null
        return cart ? { kind, method: 'GET', path: `/api/checkout/getCartInformation?orderFormId=${cart.id}` } : firstAdd()
      }
      case 'add': {
        const cart = carts.find((c) => c.adds < 3)
        if (cart) {
          cart.adds += 1
          return { kind, method: 'POST', path: '/api/checkout/addCartItem', body: addBody(cart.id) }
        }
        return firstAdd()
      }
      default:
        return firstAdd()
    }
  }
}

interface Minute {
  site: number
  platform: number
  requests: number
  errors: number
  p99: number
}

/** Runs the soak and prints its figures; true when the storefront's memory levelled off. */
export async function soak(options: SoakOptions): Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const nextAsk = soakRequests(options)
  const errorsByKind = new Map<string, number>()
  let latencies: number[] = []
  let requests = 0
  let errors = 0
  const one = (ask: Ask, due: number) =>
    new Promise<void>((resolve) => {
      const fail = () => {
        errors += 1
        errorsByKind.set(ask.kind, (errorsByKind.get(ask.kind) ?? 0) + 1)
        resolve()
      }
      const request = http.request(
        `${options.siteUrl}${ask.path}`,
        { method: ask.method, agent, headers: { cookie: options.cookie, accept: 'text/html,application/json', ...(ask.body ? { 'content-type': 'application/json' } : {}) } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => ask.then && chunks.push(chunk))
          response.on('end', () => {
            requests += 1
            const status = response.statusCode ?? 0
            if (status >= 400) return fail()
            latencies.push(performance.now() - due)
            if (ask.then && status < 300) ask.then(Buffer.concat(chunks).toString('utf8'))
            resolve()
          })
          response.on('error', fail)
        },
      )
      request.setTimeout(10_000, () => request.destroy(new Error('time-out')))
      request.on('error', fail)
      request.end(ask.body)
    })

  console.log(`\nsoak: ${options.seconds} s at ${options.rate} req/s, evenly paced: ${MIX.map(([kind, weight]) => `${kind} ${weight * 5} %`).join(', ')}`)
  console.log('minute  storefront RSS  platform RSS  requests  errors  p99')
  const minutes: Minute[] = []
  const silent: { site: (number | null)[]; platform: (number | null)[] } = { site: [], platform: [] }
  const probes: Promise<void>[] = []
  const started = performance.now()
  const total = Math.floor(options.rate * options.seconds)
  const pending = new Set<Promise<void>>()
  let minuteEnds = started + 60_000
  let peakSite = 0
  let peakPlatform = 0
  const sampler = setInterval(() => {
    peakSite = Math.max(peakSite, rssMb(options.sitePid()))
    peakPlatform = Math.max(peakPlatform, rssMb(options.platformPid()))
  }, 5_000)
  const closeMinute = () => {
    const sorted = latencies.sort((a, b) => a - b)
    const minute: Minute = { site: Math.max(peakSite, rssMb(options.sitePid())), platform: Math.max(peakPlatform, rssMb(options.platformPid())), requests, errors, p99: percentile(sorted, 99) }
    minutes.push(minute)
    console.log(`${String(minutes.length).padStart(6)}  ${minute.site.toFixed(0).padStart(11)} MB  ${minute.platform.toFixed(0).padStart(9)} MB  ${String(requests).padStart(8)}  ${String(errors).padStart(6)}  ${Math.round(minute.p99)} ms`)
    latencies = []
    requests = 0
    errors = 0
    peakSite = 0
    peakPlatform = 0
    const giveUp = options.headersTimeoutMs * 10
    probes.push(silentConnection(options.siteUrl, giveUp).then((ms) => void silent.site.push(ms)))
    probes.push(silentConnection(options.platformUrl, giveUp).then((ms) => void silent.platform.push(ms)))
  }
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1_000) / options.rate
    if (due >= minuteEnds) {
      closeMinute()
      minuteEnds += 60_000
    }
    const wait = due - performance.now()
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait))
    const running = one(nextAsk(), due)
    pending.add(running)
    void running.then(() => pending.delete(running))
  }
  await Promise.all(pending)
  closeMinute()
  clearInterval(sampler)
  await Promise.all(probes)
  agent.destroy()

  const errorKinds = [...errorsByKind].map(([kind, n]) => `${kind}×${n}`).join(', ')
  const totalErrors = [...errorsByKind.values()].reduce((a, b) => a + b, 0)
  const seconds = (ms: number | null) => (ms === null ? 'open' : `${(ms / 1000).toFixed(1)} s`)
  const worst = (list: (number | null)[]) => (list.includes(null) ? null : Math.max(...(list as number[])))
  console.log(`errors: ${totalErrors}${errorKinds ? ` (${errorKinds})` : ''}`)
  console.log(
    `a connection that sent nothing was closed after (headers time-out ${options.headersTimeoutMs / 1000} s): storefront ${silent.site.length} tries, at most ${seconds(worst(silent.site))}; platform ${silent.platform.length} tries, at most ${seconds(worst(silent.platform))}`,
  )
  // One try a minute, in order: a late close next to a minute whose p99 is high is a server too busy to run its timers.
  console.log(`  storefront, minute by minute: ${silent.site.map(seconds).join(', ')}`)
  console.log(`  platform, minute by minute: ${silent.platform.map(seconds).join(', ')}`)
  // The last third against the minute before it: the storefront's peak RSS in that minute, and in the last.
  const from = minutes[Math.max(0, Math.floor((minutes.length * 2) / 3) - 1)]!
  const to = minutes.at(-1)!
  const growth = (to.site - from.site) / from.site
  const levelled = growth <= 0.05
  console.log(
    `storefront RSS over the last third: ${from.site.toFixed(0)} → ${to.site.toFixed(0)} MB (${(growth * 100).toFixed(1)} %, at most 5 %): ${levelled ? 'levelled off' : 'STILL GROWING'}; platform ${from.platform.toFixed(0)} → ${to.platform.toFixed(0)} MB`,
  )
  return levelled
}
