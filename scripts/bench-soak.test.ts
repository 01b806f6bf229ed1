import { once } from 'node:events'
import http from 'node:http'
import { silentConnection } from '../platform/testing/slow-clients'
import { percentile, soakRequests } from './bench-soak'

const options = { sku: 'sku-1', staticPaths: ['/', '/cane/', '/osso-p/p'], deferredPaths: ['/raro/p'], terms: ['crocchette', 'lettiera'] }

describe('the soak', () => {
  it('sends every kind of request in its share, walking through the pages and words', () => {
    const next = soakRequests(options)
    const asks = Array.from({ length: 200 }, next)
    const share = (kind: string) => asks.filter((ask) => ask.kind === kind).length / asks.length
    expect(share('page')).toBeCloseTo(0.3)
    expect(share('suggestions')).toBeCloseTo(0.15)
    expect(new Set(asks.filter((ask) => ask.kind === 'page').map((ask) => ask.path))).toEqual(new Set(options.staticPaths))
    expect(asks.filter((ask) => ask.kind === 'page data').map((ask) => ask.path)).toContain('/page-data/index/page-data.json')
    expect(asks.filter((ask) => ask.kind === 'page data').map((ask) => ask.path)).toContain('/page-data/osso-p/p/page-data.json')
    expect(asks.find((ask) => ask.kind === 'search page')?.path).toBe('/s?q=crocchette')
    expect(asks.find((ask) => ask.kind === 'deferred page')?.path).toBe('/raro/p')
  })

  it('starts carts with a first add, then reads them and adds to each at most three times', () => {
    const next = soakRequests(options)
    const asks = Array.from({ length: 400 }, next)
    const firsts = asks.filter((ask) => ask.kind === 'first add')
    expect(firsts.length).toBeGreaterThan(0)
    expect(JSON.parse(firsts[0]!.body!)).toEqual({ orderFormId: '', newItem: { quantity: 1, itemOffered: { sku: 'sku-1', additionalProperty: [] } } })
    // No cart exists until an answer names one: reads and adds start carts instead.
    expect(asks.some((ask) => ask.kind === 'cart read' || ask.kind === 'add')).toBe(false)

    const next2 = soakRequests(options)
    const later = Array.from({ length: 400 }, () => {
      const ask = next2()
      ask.then?.(JSON.stringify({ id: `cart-${Math.random()}` }))
      return ask
    })
    const reads = later.filter((ask) => ask.kind === 'cart read')
    expect(reads.length).toBeGreaterThan(0)
    expect(reads[0]!.path).toMatch(/^\/api\/checkout\/getCartInformation\?orderFormId=cart-/)
    const addsPerCart = new Map<string, number>()
    for (const ask of later.filter((a) => a.kind === 'add')) {
      const id = (JSON.parse(ask.body!) as { orderFormId: string }).orderFormId
      addsPerCart.set(id, (addsPerCart.get(id) ?? 0) + 1)
    }
    expect(addsPerCart.size).toBeGreaterThan(0)
    expect(Math.max(...addsPerCart.values())).toBeLessThanOrEqual(3)
  })

  it('times how long a server keeps a connection that sends nothing, and says when it never closes it', async () => {
    const server = http.createServer({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 }, (_request, response) => response.end())
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const closed = await silentConnection(url, 5_000)
    expect(closed).not.toBeNull()
    expect(closed!).toBeGreaterThanOrEqual(250)
    expect(closed!).toBeLessThan(3_000)
    server.headersTimeout = 0
    server.requestTimeout = 0
    expect(await silentConnection(url, 500)).toBeNull()
    server.closeAllConnections()
    server.close()
  })

  it('reads percentiles off sorted figures', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10)
    expect(percentile([], 99)).toBeNaN()
  })
})
