/**
 * The storefront's service worker (bundled into public/sw.js by the build,
 * src/build/serviceWorker.ts). Pages: network first, so a page online is
 * always this deploy's; offline, the copy kept from the shopper's last visit,
 * else the Italian offline page. Hashed files: from the cache once fetched
 * (their name changes with their content). Page data: network first. Nothing
 * of /api/… or of another origin is ever answered or kept (rules.ts).
 *
 * Every cache is named after the build; a new build's worker installs, takes
 * over at once and deletes the caches of the one before, so no page of an
 * earlier build, whose hashed files the server no longer has, is ever shown.
 */
import { cacheNames, isCacheable, isStaleCache, MAX_DATA, MAX_PAGES, pageKey, pageResources, strategyFor } from './rules'

export interface WorkerConfig {
  /** Changes with every build whose files change: the caches' names. */
  version: string
  /** The app's own chunks, fetched when the worker installs. */
  precache: string[]
  /** The page shown for a navigation offline when no copy of that page was kept. */
  offlineHtml: string
}

interface WaitingEvent {
  waitUntil(work: Promise<unknown>): void
}
interface FetchEventLike extends WaitingEvent {
  request: Request
  respondWith(answer: Promise<Response>): void
}

/** What the worker uses of its global scope, so tests can hand it a fake one. */
export interface WorkerScope {
  location: { origin: string }
  caches: CacheStorage
  fetch(request: Request | string, init?: RequestInit): Promise<Response>
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<readonly { url: string }[]> }
  addEventListener(type: 'install' | 'activate', listener: (event: WaitingEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void
}

/** The offline page carries its own policy: it runs no script and loads nothing. */
export const OFFLINE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

export function installWorker(scope: WorkerScope, config: WorkerConfig): void {
  const names = cacheNames(config.version)
  const open = (name: string) => scope.caches.open(name)

  /** Keeps a copy and drops the oldest entries past `max` (a cache lists its keys in insertion order). */
  const keep = async (name: string, key: string, response: Response, max?: number) => {
    const cache = await open(name)
    await cache.delete(key)
    await cache.put(key, response)
    if (max === undefined) return
    const keys = await cache.keys()
    for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old)
  }

  const offlinePage = () =>
    new Response(config.offlineHtml, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': OFFLINE_POLICY, 'cache-control': 'no-store' },
    })

  const cacheFor = (url: string) => (new URL(url).pathname.startsWith('/page-data/') || url.endsWith('/app-data.json') ? names.data : names.assets)

  const page = async (event: FetchEventLike): Promise<Response> => {
    const key = pageKey(event.request.url)
    try {
      const response = await scope.fetch(event.request)
      if (isCacheable(response, 'page')) event.waitUntil(keep(names.pages, key, response.clone(), MAX_PAGES))
      return response
    } catch {
      return (await (await open(names.pages)).match(key)) ?? offlinePage()
    }
  }

  const immutable = async (event: FetchEventLike): Promise<Response> => {
    const cached = await (await open(names.assets)).match(event.request.url)
    if (cached) return cached
    const response = await scope.fetch(event.request)
    if (isCacheable(response, 'file')) event.waitUntil(keep(names.assets, event.request.url, response.clone()))
    return response
  }

  const fresh = async (event: FetchEventLike): Promise<Response> => {
    const name = cacheFor(event.request.url)
    try {
      const response = await scope.fetch(event.request)
      if (isCacheable(response, 'file')) event.waitUntil(keep(name, event.request.url, response.clone(), name === names.data ? MAX_DATA : undefined))
      return response
    } catch (error) {
      const cached = await (await open(name)).match(event.request.url)
      if (cached) return cached
      throw error
    }
  }

  /** The page a window showed before the worker controlled it, with its files, so it opens offline too. */
  const keepOpenPage = async (url: string) => {
    if (strategyFor({ method: 'GET', url, mode: 'navigate' }, scope.location.origin) !== 'page') return
    const response = await scope.fetch(url)
    if (!isCacheable(response, 'page')) return
    await keep(names.pages, pageKey(url), response.clone(), MAX_PAGES)
    for (const resource of pageResources(await response.text(), url)) {
      const file = await scope.fetch(resource).catch(() => null)
      if (file && isCacheable(file, 'file')) await keep(cacheFor(resource), resource, file)
    }
  }

  scope.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        await (await open(names.assets)).addAll(config.precache.map((url) => new Request(new URL(url, scope.location.origin).href, { cache: 'reload' })))
        await scope.skipWaiting()
      })(),
    )
  })

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await scope.caches.keys()) if (isStaleCache(name, config.version)) await scope.caches.delete(name)
        await scope.clients.claim()
        const windows = await scope.clients.matchAll({ type: 'window' })
        await Promise.all(windows.map((client) => keepOpenPage(client.url).catch(() => undefined)))
      })(),
    )
  })

  scope.addEventListener('fetch', (event) => {
    const { request } = event
    const strategy = strategyFor({ method: request.method, url: request.url, mode: request.mode, range: request.headers.has('range') }, scope.location.origin)
    if (strategy === 'pass') return
    event.respondWith(strategy === 'page' ? page(event) : strategy === 'immutable' ? immutable(event) : fresh(event))
  })
}
