import { startAfterPaint } from '../../serve/startAfterPaint'
import { cacheNames, isCacheable, isStaleCache, pageKey, pageResources, strategyFor, type ResponseFacts } from './rules'

const origin = 'https://www.zampa.it'
const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode })

describe('strategyFor', () => {
  it.each([
    ['a navigation to a page', get(`${origin}/cane`, 'navigate'), 'page'],
    ['a navigation with a query', get(`${origin}/s?q=crocchette`, 'navigate'), 'page'],
    ['the mobile app landing page', get(`${origin}/fromApp`, 'navigate'), 'page'],
    ['a hashed chunk', get(`${origin}/app-baaf46c6069a9dbac543.js`), 'immutable'],
    ['a hashed stylesheet', get(`${origin}/styles.0123456789abcdef0123.css`), 'immutable'],
    ['a file under /static/', get(`${origin}/static/abc/logo.svg`), 'immutable'],
    ['page data', get(`${origin}/page-data/cane/page-data.json`), 'fresh'],
    ['app data', get(`${origin}/page-data/app-data.json`), 'fresh'],
    ['an unhashed file', get(`${origin}/manifest.webmanifest`), 'fresh'],
  ])('%s: %s', (_name, request, strategy) => {
    expect(strategyFor(request, origin)).toBe(strategy)
  })

  it.each([
    ['a Function', get(`${origin}/api/checkout/getCartInformation?cartId=x`)],
    ['a Function navigated to', get(`${origin}/api/graphql?operationName=ValidateSessionQuery`, 'navigate')],
    ['the Functions root', get(`${origin}/api`)],
    ['a Function whose query looks like a file', get(`${origin}/api/search/suggestions?q=foo.json`)],
    ['a Function whose query looks like a hashed chunk', get(`${origin}/api/search/results?q=/static/x`)],
    ['the worker itself', get(`${origin}/sw.js`)],
    ['the platform (another origin)', get('https://piattaforma.zampa.it/images/sku-1.png?w=320')],
    ['the platform checkout navigated to', get('https://piattaforma.zampa.it/checkout', 'navigate')],
    ['the same host on another port', get('https://www.zampa.it:8443/cane', 'navigate')],
    ['a POST', { method: 'POST', url: `${origin}/cane`, mode: 'navigate' }],
    ['a range request', { ...get(`${origin}/static/video.mp4`), range: true }],
    ['an unparsable address', get('not a url')],
  ])('passes %s to the network untouched', (_name, request) => {
    expect(strategyFor(request, origin)).toBe('pass')
  })
})

describe('pageKey', () => {
  it('keeps a page under its address without query or fragment', () => {
    expect(pageKey(`${origin}/s?q=crocchette#risultati`)).toBe(`${origin}/s`)
    expect(pageKey(`${origin}/`)).toBe(`${origin}/`)
  })
})

describe('caches of a build', () => {
  it('names three caches after the version and calls every other one of the family stale', () => {
    const names = cacheNames('v2')
    for (const name of Object.values(names)) expect(isStaleCache(name, 'v2')).toBe(false)
    expect(isStaleCache('zampa-v1-pages', 'v2')).toBe(true)
    expect(isStaleCache('zampa-v1-assets', 'v2')).toBe(true)
    // Caches the worker did not make are not its to delete.
    expect(isStaleCache('workbox-precache-v2', 'v2')).toBe(false)
  })
})

describe('isCacheable', () => {
  const facts = ({ headers: extra, ...over }: Partial<Omit<ResponseFacts, 'headers'>> & { headers?: Record<string, string> } = {}): ResponseFacts => {
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate', ...extra })
    return { ok: true, status: 200, type: 'basic', redirected: false, ...over, headers }
  }
  it('keeps a plain 200 page', () => expect(isCacheable(facts(), 'page')).toBe(true))
  it.each([
    ['a 404', facts({ ok: false, status: 404 })],
    ['a 503', facts({ ok: false, status: 503 })],
    ['a 206', facts({ status: 206 })],
    ['a redirected answer', facts({ redirected: true })],
    ['an opaque answer', facts({ type: 'opaque' })],
    ['a no-store answer', facts({ headers: { 'cache-control': 'no-store' } })],
    ['a private answer', facts({ headers: { 'cache-control': 'private, max-age=60' } })],
  ])('never keeps %s', (_name, response) => {
    expect(isCacheable(response, 'page')).toBe(false)
    expect(isCacheable(response, 'file')).toBe(false)
  })
  it('keeps a page only when it is HTML', () => {
    expect(isCacheable(facts({ headers: { 'content-type': 'application/json' } }), 'page')).toBe(false)
    expect(isCacheable(facts({ headers: { 'content-type': 'application/json' } }), 'file')).toBe(true)
  })
})

describe('pageResources', () => {
  it('lists the scripts the page’s starter adds once its main picture is painted, with the others', () => {
    const html = startAfterPaint(
      '<html><head><link rel="stylesheet" href="/styles.0123456789abcdef0123.css"></head><body>' +
        '<script src="/webpack-runtime-576c831e892747c6336b.js" async></script><script src="/app-baaf46c6069a9dbac543.js" async></script></body></html>',
    )
    expect(html).not.toContain('<script src=')
    expect(pageResources(html, `${origin}/cane`).sort()).toEqual(
      [`${origin}/app-baaf46c6069a9dbac543.js`, `${origin}/styles.0123456789abcdef0123.css`, `${origin}/webpack-runtime-576c831e892747c6336b.js`].sort(),
    )
  })


  it('lists the scripts, styles and page data a page loads from the site, and nothing else', () => {
    const html = `<html><head>
      <link rel="preload" as="script" href="/app-baaf46c6069a9dbac543.js">
      <link as="fetch" rel="preload" href="/page-data/cane/page-data.json" crossorigin="anonymous">
      <link rel="preconnect" href="http://127.0.0.1:9100">
      <link rel="icon" href="https://piattaforma.zampa.it/favicon.svg">
      <link rel="stylesheet" href="/styles.0123456789abcdef0123.css">
      <script>window.pagePath="/cane"</script>
      <script src="/webpack-runtime-576c831e892747c6336b.js" async></script>
      <script src="https://booking.example/widget.js"></script>
      <script src="/api/graphql?x=1.js"></script>
      </head></html>`
    expect(pageResources(html, `${origin}/cane`).sort()).toEqual(
      [
        `${origin}/app-baaf46c6069a9dbac543.js`,
        `${origin}/page-data/cane/page-data.json`,
        `${origin}/styles.0123456789abcdef0123.css`,
        `${origin}/webpack-runtime-576c831e892747c6336b.js`,
      ].sort(),
    )
  })
})
