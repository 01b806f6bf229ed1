import { checkLookup, findGuestOrder } from './guestOrder'

const order = { orderNumber: 'PF-1001', status: 'placed', placedAt: '2026-11-20T10:00:00.000Z', items: [], total: 12.5 }

function answering(status: number, body: unknown) {
  return jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch & jest.Mock
}

describe('the guest-order lookup', () => {
  it('checks the pair before sending anything', async () => {
    expect(checkLookup('PF-1001', 'ospite@example.it')).toBeNull()
    expect(checkLookup('  ', 'ospite@example.it')).toBe('orderNumber')
    expect(checkLookup('PF 1001', 'ospite@example.it')).toBe('orderNumber')
    expect(checkLookup('PF-1001', 'ospite@example')).toBe('email')
    const doFetch = answering(200, order)
    await expect(findGuestOrder('PF-1001', 'non-una-email', doFetch)).resolves.toEqual({ kind: 'invalid', field: 'email' })
    expect(doFetch).not.toHaveBeenCalled()
  })

  it('sends the trimmed pair and answers the order found', async () => {
    const doFetch = answering(200, order)
    await expect(findGuestOrder(' PF-1001 ', ' ospite@example.it ', doFetch)).resolves.toEqual({ kind: 'found', order })
    const [address, init] = doFetch.mock.calls[0] as [string, RequestInit]
    expect(address).toBe('/api/order/getGuestOrder')
    expect(JSON.parse(String(init.body))).toEqual({ orderNumber: 'PF-1001', email: 'ospite@example.it' })
  })

  it('tells a wrong pair, a refused field and an unreachable shop apart', async () => {
    await expect(findGuestOrder('PF-1', 'a@b.it', answering(404, { error: { code: 'not_found', message: 'no order' } }))).resolves.toEqual({ kind: 'notFound' })
    await expect(findGuestOrder('PF-1', 'a@b.it', answering(400, { error: { code: 'bad_request', message: 'email is not a valid email' } }))).resolves.toEqual({
      kind: 'invalid',
      field: 'email',
    })
    await expect(findGuestOrder('PF-1', 'a@b.it', answering(502, { error: { code: 'backend_error', message: 'down' } }))).resolves.toEqual({ kind: 'unavailable' })
    const offline = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch
    await expect(findGuestOrder('PF-1', 'a@b.it', offline)).resolves.toEqual({ kind: 'unavailable' })
    // Too many failed tries from this shopper: how long to wait, from Retry-After.
    const slowed = jest.fn(async () => new Response(JSON.stringify({ error: { code: 'too_many_requests', message: 'too many' } }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '130' } })) as unknown as typeof fetch
    await expect(findGuestOrder('PF-1', 'a@b.it', slowed)).resolves.toEqual({ kind: 'tooMany', retryAfterSeconds: 130 })
    // An answer that is not an order is not shown as one.
    await expect(findGuestOrder('PF-1', 'a@b.it', answering(200, { orderNumber: 'PF-1' }))).resolves.toEqual({ kind: 'unavailable' })
  })
})
