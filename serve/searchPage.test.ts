/**
 * Search pages answered with their results (req SEARCH-13): the normalised view of a query string, the
 * brief cache of rendered views, hostile queries answered with the static page, and the production
 * server over a small built site whose renderer stands in for Gatsby's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { SearchResults } from '../src/domain/search/query'
import { SERVED_SEARCH_ID, type ServedSearch } from '../src/wire/servedSearch'
import { buildServer } from './app'
import type { LoadedFunction } from './functions'
import { MAX_QUERY_LENGTH, searchPages, searchView, TtlCache, withServedAnswer, type AskResults, type RenderSearch } from './searchPage'

const results = (total: number, name = 'Crocchette Adult'): SearchResults => ({
  products: [],
  total,
  page: 0,
  pageSize: 24,
  facets: [{ key: 'brand', label: 'Marca', values: [{ value: 'royal', label: name, quantity: total, selected: false }] }],
  selected: [],
})

/** The answer a script embedded in a page carries. */
function embedded(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${SERVED_SEARCH_ID}">([\\s\\S]*?)</script>`).exec(html)
  return match ? JSON.parse(match[1]!) : undefined
}

describe('searchView: the normalised view of a query string', () => {
  it('is the canonical path of the state, whatever the order and repetition of the parameters', () => {
    expect(searchView('q=crocchette')).toBe('/s?q=crocchette&sort=score_desc&page=0')
    expect(searchView('page=1&sort=price_asc&q=crocchette')).toBe('/s?q=crocchette&sort=price_asc&page=1')
    expect(searchView('q=%20crocchette%20&brand=royal&facets=brand&brand=royal')).toBe('/s?q=crocchette&brand=royal&facets=brand&sort=score_desc&page=0')
    expect(searchView('q=cibo+secco')).toBe(searchView('q=cibo%20secco'))
  })

  it('answers null, the static page, for a search without a term or a filter', () => {
    expect(searchView('')).toBeNull()
    expect(searchView('q=')).toBeNull()
    expect(searchView('q=%20%20')).toBeNull()
    expect(searchView('sort=price_asc&page=2')).toBeNull()
    // A key `facets` does not name is not read: still no filter.
    expect(searchView('brand=royal')).toBeNull()
  })

  it('renders a filter without a term', () => {
    expect(searchView('facets=brand&brand=royal')).toBe('/s?brand=royal&facets=brand&sort=score_desc&page=0')
  })

  it('answers null for a query string too long, or carrying control characters', () => {
    expect(searchView(`q=${'a'.repeat(MAX_QUERY_LENGTH)}`)).toBeNull()
    for (const query of ['q=a%00b', 'q=a%0Ab', 'q=a%1Bb', 'q=a%7Fb', 'q=a%C2%85b', 'q=x&facets=brand&brand=a%09b']) expect(searchView(query)).toBeNull()
  })

  it('reads hostile text as text: markup, odd encodings, reserved and malformed keys', () => {
    expect(searchView('q=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toBe('/s?q=%3Cscript%3Ealert%281%29%3C%2Fscript%3E&sort=score_desc&page=0')
    // A malformed escape reads as the browser's URLSearchParams reads it.
    expect(searchView('q=%E0%A4%A')).toBe('/s?q=%EF%BF%BD%25A&sort=score_desc&page=0')
    expect(searchView('q=x&facets=q,sort,BAD!,colore&colore=rosso&sort=nope&page=-3')).toBe('/s?q=x&colore=rosso&facets=colore&sort=score_desc&page=0')
    // A long term is cut as the state cuts it, so the browser reads the same view.
    expect(searchView(`q=${'b'.repeat(1000)}`)).toBe(`/s?q=${'b'.repeat(200)}&sort=score_desc&page=0`)
  })
})

describe('TtlCache', () => {
  it('forgets an entry after its time, and the least recently used one beyond its size', () => {
    let now = 0
    const cache = new TtlCache<string>(2, 1000, () => now)
    cache.set('a', 'A')
    cache.set('b', 'B')
    expect(cache.get('a')).toBe('A')
    cache.set('c', 'C')
    expect(cache.get('b')).toBeUndefined()
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual(['A', 'C', 2])
    now = 999
    expect(cache.get('a')).toBe('A')
    now = 1000
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(1)
  })
})

describe('withServedAnswer', () => {
  const served: ServedSearch = { path: '/s?q=x&sort=score_desc&page=0', results: results(3, '</script><script>alert(1)</script><!--') }

  it('embeds the answer before Gatsby’s scripts, where no text in it can end the script', () => {
    const page = '<html><body><div id="___gatsby">results</div><script id="gatsby-script-loader">x</script><script src="/app.js"></script></body></html>'
    const html = withServedAnswer(page, served)
    expect(html.indexOf(SERVED_SEARCH_ID)).toBeGreaterThan(html.indexOf('results'))
    expect(html.indexOf(SERVED_SEARCH_ID)).toBeLessThan(html.indexOf('gatsby-script-loader'))
    expect(html.match(/<\/script>/g)).toHaveLength(3)
    expect(html).not.toContain('<!--')
    expect(embedded(html)).toEqual(served)
  })

  it('falls back to the end of the body, and refuses a page without one', () => {
    expect(embedded(withServedAnswer('<html><body>x</body></html>', served))).toEqual(served)
    expect(() => withServedAnswer('<html>', served)).toThrow(/no <\/body>/)
  })
})

describe('searchPages', () => {
  const render: RenderSearch = async (served) => `<html><body><h1>${served.results.total} for ${served.path}</h1></body></html>`

  function setUp(overrides: { ask?: AskResults; render?: RenderSearch | null; timeoutMs?: number; maxRenders?: number } = {}) {
    let now = 0
    const asked: string[] = []
    const errors: string[] = []
    const ask: AskResults =
      overrides.ask ??
      (async (query) => {
        asked.push(query)
        return { status: 200, body: JSON.stringify(results(7)) }
      })
    const pages = searchPages(
      {
        ask: async (query) => {
          if (overrides.ask) asked.push(query)
          return ask(query)
        },
        renderer: () => (overrides.render === undefined ? render : overrides.render),
        onError: (error, view) => errors.push(`${view}: ${error instanceof Error ? error.message : String(error)}`),
        entries: 10,
        ttlMs: 30_000,
        timeoutMs: overrides.timeoutMs ?? 1000,
        ...(overrides.maxRenders ? { maxRenders: overrides.maxRenders } : {}),
        now: () => now,
      },
      (html) => html,
    )
    return { pages, asked, errors, advance: (ms: number) => (now += ms) }
  }

  it('asks the Function for the normalised view once, renders it with the answer embedded, and keeps it 30 s', async () => {
    const { pages, asked, advance } = setUp()
    const first = await pages.page('q=crocchette')
    expect(first).toContain('<h1>7 for /s?q=crocchette&amp;sort=score_desc&amp;page=0</h1>'.replace(/&amp;/g, '&'))
    expect(embedded(first!)).toEqual({ path: '/s?q=crocchette&sort=score_desc&page=0', results: results(7) })
    expect(asked).toEqual(['q=crocchette&sort=score_desc&page=0'])
    // The same view written another way is the same entry.
    expect(await pages.page('page=0&q=crocchette')).toBe(first)
    advance(29_999)
    expect(await pages.page('q=crocchette')).toBe(first)
    expect(asked).toHaveLength(1)
    advance(1)
    await pages.page('q=crocchette')
    expect(asked).toHaveLength(2)
  })

  it('renders a view once however many ask for it at the same time', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { pages, asked } = setUp({
      ask: async () => {
        await gate
        return { status: 200, body: JSON.stringify(results(2)) }
      },
    })
    const all = Promise.all([pages.page('q=a'), pages.page('q=a&page=0'), pages.page('sort=score_desc&q=a')])
    release()
    const [a, b, c] = await all
    expect(a).not.toBeNull()
    expect([b, c]).toEqual([a, a])
    expect(asked).toHaveLength(1)
  })

  it('renders at most its bound of views at once, late ones included: a further view gets the static page, uncached', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { pages, asked, errors } = setUp({
      maxRenders: 2,
      timeoutMs: 50,
      ask: async () => {
        await gate
        return { status: 200, body: JSON.stringify(results(3)) }
      },
    })
    // Two views outlive the time allowed: their shoppers get the static page, but the renders still run.
    expect(await Promise.all([pages.page('q=a'), pages.page('q=b')])).toEqual([null, null])
    expect(errors).toHaveLength(2)
    expect(await pages.page('q=c')).toBeNull()
    expect(asked).toEqual(['q=a&sort=score_desc&page=0', 'q=b&sort=score_desc&page=0'])
    release()
    await new Promise((resolve) => setImmediate(resolve))
    // Once they end, a new view renders, and the busy one was not kept as a static page.
    expect(await pages.page('q=c')).toContain('3 for /s?q=c')
    expect(asked).toHaveLength(3)
  })

  it('answers null for a view the Function refuses, and keeps that answer; a fault is asked again', async () => {
    let status = 400
    const { pages, asked } = setUp({ ask: async () => ({ status, body: JSON.stringify({ error: { code: 'bad_request', message: 'unknown facet key' } }) }) })
    expect(await pages.page('q=x&facets=colore&colore=rosso')).toBeNull()
    expect(await pages.page('q=x&facets=colore&colore=rosso')).toBeNull()
    expect(asked).toHaveLength(1)
    status = 502
    expect(await pages.page('q=y')).toBeNull()
    expect(await pages.page('q=y')).toBeNull()
    expect(asked).toHaveLength(3)
  })

  it('answers null, and says why, for an answer that is no search answer, a render that fails or one too slow', async () => {
    const wrong = setUp({ ask: async () => ({ status: 200, body: JSON.stringify({ products: 'none' }) }) })
    expect(await wrong.pages.page('q=x')).toBeNull()
    expect(wrong.errors).toEqual([expect.stringMatching(/^\/s\?q=x&sort=score_desc&page=0: the search Function answered .* with something that is no search answer/)])

    const notJson = setUp({ ask: async () => ({ status: 200, body: '<html>' }) })
    expect(await notJson.pages.page('q=x')).toBeNull()
    expect(notJson.errors).toHaveLength(1)

    const failing = setUp({
      render: async () => {
        throw new Error('render failed')
      },
    })
    expect(await failing.pages.page('q=x')).toBeNull()
    expect(failing.errors).toEqual(['/s?q=x&sort=score_desc&page=0: render failed'])

    const slow = setUp({ render: () => new Promise<string>(() => undefined), timeoutMs: 20 })
    expect(await slow.pages.page('q=x')).toBeNull()
    expect(slow.errors).toEqual(['/s?q=x&sort=score_desc&page=0: rendering took more than 20 ms'])
  })

  it('never asks the Function for a hostile or empty query, nor without a renderer', async () => {
    const { pages, asked } = setUp()
    for (const query of ['', 'q=', `q=${'x'.repeat(5000)}`, 'q=%00', 'q=a%0D%0ASet-Cookie:%20x=1']) expect(await pages.page(query)).toBeNull()
    expect(asked).toEqual([])
    const none = setUp({ render: null })
    expect(await none.pages.page('q=crocchette')).toBeNull()
    expect(none.asked).toEqual([])
  })
})

describe('the production server answers a search page with its results', () => {
  let siteDir: string
  let app: FastifyInstance
  let answers: { status: number; body: unknown }
  const asked: string[] = []
  const STATIC = '<!DOCTYPE html><html><body><h1>Cerca</h1><script>window.pagePath="/s";</script></body></html>'

  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'zampa-search-'))
    const file = (name: string, content: string) => {
      mkdirSync(path.dirname(path.join(siteDir, name)), { recursive: true })
      writeFileSync(path.join(siteDir, name), content)
    }
    file('public/s/index.html', STATIC)
    file('public/page-data/s/page-data.json', JSON.stringify({ componentChunkName: 'component---src-pages-s-tsx', path: '/s', result: { data: { categories: { nodes: [] } }, pageContext: {} }, staticQueryHashes: ['1'] }))
    file('public/page-data/sq/d/1.json', JSON.stringify({ data: { site: 'Zampa' } }))
    file('public/page-data/app-data.json', JSON.stringify({ webpackCompilationHash: 'abc' }))
    file('public/webpack.stats.json', JSON.stringify({ assetsByChunkName: { app: ['app-0123456789abcdef0123.js'] }, childAssetsByChunkName: {}, namedChunkGroups: {} }))
    // Stands in for Gatsby's renderer: the page's data as it receives it, and Gatsby's loader script.
    file(
      '.cache/page-ssr/routes/render-page.js',
      `exports.default = async (args) => ({ html: '<!DOCTYPE html><html><body><h1>' + args.pageData.result.serverData.search.results.total + ' ' + args.pagePath + ' ' + args.webpackCompilationHash + ' ' + args.staticQueryContext['1'].data.site + ' ' + args.scripts.map((s) => s.name).join() + '</h1><script id="gatsby-script-loader">window.pagePath="/s";</script></body></html>' })`,
    )
    type Handler = ReturnType<LoadedFunction['load']>
    const search = ((req: { url?: string }, res: { status(code: number): { json(body: unknown): unknown } }) => {
      asked.push(req.url!)
      res.status(answers.status).json(answers.body)
    }) as unknown as Handler
    app = await buildServer({ siteDir, functions: [{ route: 'search/results', load: () => search }], security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] } })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    rmSync(siteDir, { recursive: true, force: true })
  })

  beforeEach(() => {
    answers = { status: 200, body: results(5) }
    asked.length = 0
  })

  it('renders /s?q= with the Function’s answer, embedded, with the page’s policy and ETag', async () => {
    const page = await app.inject({ url: '/s?q=crocchette', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<h1>5 /s abc Zampa app-0123456789abcdef0123.js</h1>')
    expect(embedded(page.body)).toEqual({ path: '/s?q=crocchette&sort=score_desc&page=0', results: results(5) })
    expect(asked).toEqual(['/api/search/results?q=crocchette&sort=score_desc&page=0'])
    expect(page.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/)
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const again = await app.inject({ url: '/s?page=0&q=crocchette', headers: { 'if-none-match': page.headers.etag as string } })
    expect(again.statusCode).toBe(304)
    expect(asked).toHaveLength(1)
  })

  it.each([
    ['no query', '/s'],
    ['an empty term', '/s?q='],
    ['a huge query', `/s?q=${'x'.repeat(5000)}`],
    ['control characters', '/s?q=crocchette%00%1B'],
  ])('answers %s with the static page, without asking the Function', async (_, url) => {
    const page = await app.inject({ url, headers: { accept: 'text/html' } })
    expect([page.statusCode, page.body]).toEqual([200, STATIC])
    expect(asked).toEqual([])
  })

  it.each([
    ['an empty term', '/s?via=box&q='],
    ['a blank term', '/s?q=+%20&via=box'],
  ])("answers the search box submitted with %s with 204, which leaves the shopper on their page", async (_, url) => {
    const page = await app.inject({ url, headers: { accept: 'text/html' } })
    expect([page.statusCode, page.body, page.headers['cache-control']]).toEqual([204, '', 'no-store'])
    expect(asked).toEqual([])
  })

  it('still renders a term the box submitted, mark and all', async () => {
    const page = await app.inject({ url: '/s?via=box&q=tiragraffi', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toBe(STATIC)
    expect(asked).toHaveLength(1)
  })

  it.each([
    ['an unknown facet (400)', 400, { error: { code: 'bad_request', message: 'unknown facet key colore' } }, '/s?q=a&facets=colore&colore=rosso'],
    ['an unknown brand (404)', 404, { error: { code: 'not_found', message: 'no brand nessuna' } }, '/s?q=b&facets=brand&brand=nessuna'],
    ['a platform fault (502)', 502, { error: { code: 'backend_unavailable', message: 'down' } }, '/s?q=c'],
    ['an answer that is no search answer', 200, { products: 'none' }, '/s?q=d'],
  ])('answers %s with the static page, never a 5xx', async (_, status, body, url) => {
    answers = { status, body }
    const page = await app.inject({ url, headers: { accept: 'text/html' } })
    expect([page.statusCode, page.body]).toEqual([200, STATIC])
    expect(asked).toHaveLength(1)
  })

  it('escapes markup in the term: the embedded answer cannot end its script', async () => {
    answers = { status: 200, body: results(1, '</script><img src=x onerror=alert(1)>') }
    const page = await app.inject({ url: `/s?q=${encodeURIComponent('</script><script>alert(1)</script>')}`, headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('<img')
    expect(page.body).not.toContain('<script>alert')
    expect((embedded(page.body) as ServedSearch).path).toBe('/s?q=%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&sort=score_desc&page=0')
  })
})
