import { cartItem } from '../../testing/fixtures'
import { AnswerError, call, RequestError } from './client'
import { withRetries } from './retry'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function fakeFetch(...answers: Array<Response | Error>) {
  return jest.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers.shift()
    if (!answer || answer instanceof Error) throw answer ?? new TypeError('Failed to fetch')
    return answer
  })
}
const asFetch = (f: ReturnType<typeof fakeFetch>) => f as unknown as typeof fetch

const cart = { id: 'of1', items: [cartItem({ sku: '1' })], messages: [], shouldSplitItem: false }

describe('the Functions client', () => {
  it('GETs a query route with its query string, same-origin, and answers the parsed value', async () => {
    const doFetch = fakeFetch(json(200, cart))
    await expect(call('checkout/getCartInformation', { query: { orderFormId: 'of1' } }, { fetch: asFetch(doFetch) })).resolves.toEqual(cart)
    const [url, init] = doFetch.mock.calls[0]!
    expect(url).toBe('/api/checkout/getCartInformation?orderFormId=of1')
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined })
  })

  it('POSTs a body route as JSON', async () => {
    const doFetch = fakeFetch(json(200, cart))
    const body = { orderFormId: 'of1', newItem: { seller: { identifier: '1' }, itemOffered: { sku: '1', additionalProperty: [] } } }
    await call('checkout/removeCartItem', { body }, { fetch: asFetch(doFetch) })
    const [url, init] = doFetch.mock.calls[0]!
    expect(url).toBe('/api/checkout/removeCartItem')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } })
    expect(JSON.parse(String(init?.body))).toEqual(body)
  })

  it('fills path parameters and repeats list values in the query string', async () => {
    const params = fakeFetch(json(200, 'sku-3'))
    await expect(call('product/getLoyaltyMultiplier/[sku]', { params: { sku: 'a.b' } }, { fetch: asFetch(params) })).resolves.toBe('sku-3')
    expect(params.mock.calls[0]![0]).toBe('/api/product/getLoyaltyMultiplier/a.b')
    const query = fakeFetch(json(200, { products: [], total: 0, page: 0, pageSize: 24, facets: [], selected: [] }))
    await call('search/results', { query: { brand: ['a', 'b'], facets: 'brand', sort: 'price_asc', page: '1' } }, { fetch: asFetch(query) })
    expect(query.mock.calls[0]![0]).toBe('/api/search/results?brand=a&brand=b&facets=brand&sort=price_asc&page=1')
  })

  it("maps a refusal to a RequestError with the Function's status, code and message", async () => {
    const failure = call('checkout/getCartInformation', { query: { orderFormId: 'x' } }, { fetch: asFetch(fakeFetch(json(404, { error: { code: 'not_found', message: 'no such cart' } }))) })
    await expect(failure).rejects.toBeInstanceOf(RequestError)
    await expect(failure).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'no such cart' })
    const bare = call('checkout/getCartInformation', { query: { orderFormId: 'x' } }, { fetch: asFetch(fakeFetch(new Response('Bad gateway', { status: 503 }))) })
    await expect(bare).rejects.toMatchObject({ status: 503, message: '/api/checkout/getCartInformation answered 503' })
  })

  it('refuses an answer of another shape with an AnswerError naming the field, status 502', async () => {
    const broken = { ...cart, items: [{ ...cart.items[0], quantity: 'two' }] }
    const failure = call('checkout/getCartInformation', { query: { orderFormId: 'of1' } }, { fetch: asFetch(fakeFetch(json(200, broken))) })
    await expect(failure).rejects.toBeInstanceOf(AnswerError)
    await expect(failure).rejects.toMatchObject({ status: 502, answeredStatus: 200, message: expect.stringMatching(/items\.0\.quantity/) })
    const notJson = call('userAccount/getIsVet', { body: { orderFormId: '' } }, { fetch: asFetch(fakeFetch(new Response('<html>', { status: 200 }))) })
    await expect(notJson).rejects.toBeInstanceOf(AnswerError)
  })

  it('lets a network failure through as it is', async () => {
    await expect(call('userAccount/getIsVet', { body: {} }, { fetch: asFetch(fakeFetch(new TypeError('Failed to fetch'))) })).rejects.toBeInstanceOf(TypeError)
  })

  it('is retried on unreachable or unreadable answers, not on a refusal', async () => {
    const flaky = fakeFetch(new TypeError('offline'), json(200, { isVet: 'yes' }), json(200, { isVet: true }))
    await expect(withRetries(() => call('userAccount/getIsVet', { body: {} }, { fetch: asFetch(flaky) }), { delayMs: 0 })).resolves.toEqual({ isVet: true })
    expect(flaky).toHaveBeenCalledTimes(3)
    const refused = fakeFetch(json(400, { error: { code: 'bad_request', message: 'invalid body' } }), json(200, { isVet: true }))
    const onFailure = jest.fn()
    await expect(withRetries(() => call('userAccount/getIsVet', { body: {} }, { fetch: asFetch(refused) }), { delayMs: 0, onFailure })).resolves.toBeNull()
    expect(refused).toHaveBeenCalledTimes(1)
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }))
  })
})
