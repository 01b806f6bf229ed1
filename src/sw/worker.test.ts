import { MAX_PAGES } from './rules'
import { installWorker, OFFLINE_POLICY, type WorkerConfig, type WorkerScope } from './worker'

const origin = 'https://www.zampa.it'

/** A network the test controls: answers by address, or fails every request while offline. */
class Network {
  offline = false
  readonly answers = new Map<string, () => Response>()
  readonly requests: string[] = []
  fetch = async (request: Request | string): Promise<Response> => {
    const url = typeof request === 'string' ? request : request.url
    this.requests.push(url)
    if (this.offline) throw new TypeError('Failed to fetch')
    const answer = this.answers.get(url)
    const response = answer ? answer() : new Response('not found', { status: 404 })
    // A same-origin answer in a browser is "basic"; a constructed one here is "default".
    Object.defineProperty(response, 'type', { value: 'basic' })
    return response
  }
  page(path: string, body: string, headers: Record<string, string> = {}) {
    this.answers.set(`${origin}${path}`, () => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'sha256-${body.length}'`, ...headers } }))
  }
  file(path: string, body: string, headers: Record<string, string> = {}) {
    this.answers.set(`${origin}${path}`, () => new Response(body, { headers: { 'content-type': 'application/javascript', ...headers } }))
  }
}

const keyOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url)

class FakeCache {
  readonly entries = new Map<string, Response>()
  constructor(private readonly network: Network) {}
  async match(request: RequestInfo | URL) {
    return this.entries.get(keyOf(request))?.clone()
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(keyOf(request), response)
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(keyOf(request))
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }))
  }
  async addAll(requests: Request[]) {
    const answers = await Promise.all(requests.map((r) => this.network.fetch(r)))
    if (answers.some((a) => !a.ok)) throw new TypeError('addAll: a request failed')
    requests.forEach((r, i) => this.entries.set(r.url, answers[i]!))
  }
}

class FakeCaches {
  readonly named = new Map<string, FakeCache>()
  constructor(private readonly network: Network) {}
  async open(name: string) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache(this.network))
    return this.named.get(name)!
  }
  async keys() {
    return [...this.named.keys()]
  }
  async delete(name: string) {
    return this.named.delete(name)
  }
  urls(name: string) {
    return [...(this.named.get(name)?.entries.keys() ?? [])]
  }
}

type Listener = (event: unknown) => void

function worker(config: Partial<WorkerConfig> = {}, windows: string[] = []) {
  const network = new Network()
  const caches = new FakeCaches(network)
  const listeners = new Map<string, Listener>()
  const calls = { skipWaiting: 0, claim: 0 }
  const scope = {
    location: { origin },
    caches,
    fetch: network.fetch,
    skipWaiting: async () => void calls.skipWaiting++,
    clients: { claim: async () => void calls.claim++, matchAll: async () => windows.map((url) => ({ url })) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as WorkerScope
  const full: WorkerConfig = { version: 'v2', precache: ['/app-baaf46c6069a9dbac543.js'], offlineHtml: '<h1>Sei offline</h1>', ...config }
  installWorker(scope, full)

  const lifecycle = async (type: 'install' | 'activate') => {
    const work: Promise<unknown>[] = []
    listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => work.push(p) })
    await Promise.all(work)
  }
  /** Dispatches a fetch event; answers the worker's response, or null when the worker let it pass. */
  const request = async (url: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) => {
    const work: Promise<unknown>[] = []
    let answer: Promise<Response> | null = null
    const event = {
      request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers: new Headers(init.headers) },
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => work.push(p),
    }
    listeners.get('fetch')!(event)
    const response = answer === null ? null : await (answer as Promise<Response>)
    await Promise.all(work)
    return response
  }
  const navigate = (path: string) => request(`${origin}${path}`, { mode: 'navigate' })
  return { network, caches, calls, lifecycle, request, navigate, names: { pages: `zampa-${full.version}-pages`, data: `zampa-${full.version}-data`, assets: `zampa-${full.version}-assets` } }
}

describe('the service worker', () => {
  it('fetches the app chunks on install, bypassing the HTTP cache, and takes over at once', async () => {
    const w = worker()
    w.network.file('/app-baaf46c6069a9dbac543.js', 'app')
    await w.lifecycle('install')
    expect(w.caches.urls(w.names.assets)).toEqual([`${origin}/app-baaf46c6069a9dbac543.js`])
    expect(w.calls.skipWaiting).toBe(1)
  })

  it('does not install when an app chunk is missing', async () => {
    const w = worker()
    await expect(w.lifecycle('install')).rejects.toThrow()
    expect(w.calls.skipWaiting).toBe(0)
  })

  describe('pages', () => {
    it('come from the network while online, even when a copy is kept, and the copy follows', async () => {
      const w = worker()
      w.network.page('/cane', 'first build')
      expect(await (await w.navigate('/cane'))!.text()).toBe('first build')
      w.network.page('/cane', 'new deploy')
      expect(await (await w.navigate('/cane'))!.text()).toBe('new deploy')
      expect(await (await w.caches.open(w.names.pages)).match(`${origin}/cane`).then((r) => r!.text())).toBe('new deploy')
    })

    it('open offline from the copy kept on the last visit, with that copy’s own policy', async () => {
      const w = worker()
      w.network.page('/cane', 'category')
      await w.navigate('/cane')
      w.network.offline = true
      const answer = (await w.navigate('/cane'))!
      expect(answer.status).toBe(200)
      expect(await answer.text()).toBe('category')
      expect(answer.headers.get('content-security-policy')).toBe("script-src 'sha256-8'")
    })

    it('are kept without their query: the search page opens offline for any term', async () => {
      const w = worker()
      w.network.page('/s?q=crocchette', 'search page')
      await w.navigate('/s?q=crocchette')
      expect(w.caches.urls(w.names.pages)).toEqual([`${origin}/s`])
      w.network.offline = true
      expect(await (await w.navigate('/s?q=guinzaglio'))!.text()).toBe('search page')
    })

    it('answer the offline page, without any script, for a page never visited', async () => {
      const w = worker()
      w.network.offline = true
      const answer = (await w.navigate('/gatto'))!
      expect(answer.status).toBe(503)
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(answer.headers.get('content-security-policy')).toBe(OFFLINE_POLICY)
      expect(OFFLINE_POLICY).not.toMatch(/script-src/)
      expect(await answer.text()).toBe('<h1>Sei offline</h1>')
    })

    it('are not kept when the answer is an error, a redirect, not HTML or marked no-store', async () => {
      const w = worker()
      w.network.page('/nostore', 'x', { 'cache-control': 'no-store' })
      w.network.answers.set(`${origin}/json`, () => Response.json({ a: 1 }))
      w.network.answers.set(`${origin}/redirected`, () => {
        const r = new Response('x', { headers: { 'content-type': 'text/html' } })
        Object.defineProperty(r, 'redirected', { value: true })
        return r
      })
      for (const path of ['/nostore', '/json', '/redirected', '/missing']) await w.navigate(path)
      expect(w.caches.urls(w.names.pages)).toEqual([])
    })

    it(`keep at most ${MAX_PAGES}, dropping the oldest`, async () => {
      const w = worker()
      for (let i = 0; i <= MAX_PAGES; i++) {
        w.network.page(`/p${i}`, `page ${i}`)
        await w.navigate(`/p${i}`)
      }
      const kept = w.caches.urls(w.names.pages)
      expect(kept).toHaveLength(MAX_PAGES)
      expect(kept).not.toContain(`${origin}/p0`)
      expect(kept).toContain(`${origin}/p${MAX_PAGES}`)
    })
  })

  describe('what the worker never touches', () => {
    it.each([
      ['a Function read', `${origin}/api/checkout/getCartInformation?cartId=1`, {}],
      ['a Function write', `${origin}/api/checkout/addCartItem`, { method: 'POST' }],
      ['the GraphQL Function', `${origin}/api/graphql?operationName=ValidateSessionQuery&variables={}`, {}],
      ['a Function whose query ends like a file', `${origin}/api/search/suggestions?q=a.json`, {}],
      ['a platform picture', 'https://piattaforma.zampa.it/images/sku-1.png?w=320', {}],
      ['the platform checkout', 'https://piattaforma.zampa.it/checkout', { mode: 'navigate' }],
    ])('%s goes to the network without the worker, and nothing is kept', async (_name, url, init) => {
      const w = worker()
      w.network.answers.set(url, () => Response.json({ cart: 'the platform’s' }))
      expect(await w.request(url, init)).toBeNull()
      expect(w.network.requests).toEqual([])
      for (const name of await w.caches.keys()) expect(w.caches.urls(name)).toEqual([])
    })
  })

  describe('files', () => {
    it('answer a hashed file from the cache once fetched', async () => {
      const w = worker()
      const url = `${origin}/component---src-templates-category-page-tsx-0123456789abcdef0123.js`
      w.network.answers.set(url, () => new Response('chunk'))
      await w.request(url)
      w.network.offline = true
      expect(await (await w.request(url))!.text()).toBe('chunk')
      expect(w.network.requests).toEqual([url])
    })

    it('fetch page data first from the network and fall back to the kept copy offline', async () => {
      const w = worker()
      const url = `${origin}/page-data/cane/page-data.json`
      w.network.answers.set(url, () => Response.json({ v: 1 }))
      await w.request(url)
      w.network.answers.set(url, () => Response.json({ v: 2 }))
      expect(await (await w.request(url))!.json()).toEqual({ v: 2 })
      expect(w.caches.urls(w.names.data)).toEqual([url])
      w.network.offline = true
      expect(await (await w.request(url))!.json()).toEqual({ v: 2 })
      await expect(w.request(`${origin}/page-data/gatto/page-data.json`)).rejects.toThrow('Failed to fetch')
    })
  })

  describe('a new deploy', () => {
    it('drops every cache of the build before, keeps caches it did not make, and takes control of open pages', async () => {
      const w = worker({ version: 'v2' })
      for (const name of ['zampa-v1-pages', 'zampa-v1-assets', 'zampa-v1-data', 'zampa-v2-assets', 'someone-else']) await w.caches.open(name)
      await w.lifecycle('activate')
      expect((await w.caches.keys()).sort()).toEqual(['someone-else', 'zampa-v2-assets'])
      expect(w.calls.claim).toBe(1)
    })

    it('keeps the page that was open when the worker took over, with its files', async () => {
      const w = worker({}, [`${origin}/cane?sort=price_asc`, 'https://piattaforma.zampa.it/checkout'])
      w.network.page(
        '/cane?sort=price_asc',
        '<link as="fetch" rel="preload" href="/page-data/cane/page-data.json"><script src="/component---src-templates-category-page-tsx-0123456789abcdef0123.js"></script><script src="/api/x.js"></script>',
      )
      w.network.answers.set(`${origin}/page-data/cane/page-data.json`, () => Response.json({}))
      w.network.file('/component---src-templates-category-page-tsx-0123456789abcdef0123.js', 'chunk')
      await w.lifecycle('activate')
      expect(w.caches.urls(w.names.pages)).toEqual([`${origin}/cane`])
      expect(w.caches.urls(w.names.data)).toEqual([`${origin}/page-data/cane/page-data.json`])
      expect(w.caches.urls(w.names.assets)).toEqual([`${origin}/component---src-templates-category-page-tsx-0123456789abcdef0123.js`])
      expect(w.network.requests.some((u) => u.includes('/api/') || u.startsWith('https://piattaforma'))).toBe(false)
    })
  })
})
