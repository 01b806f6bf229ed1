import { ConnectionCounter, DEFAULT_HTTP_LIMITS, readHttpLimits, serverTimeouts } from './limits'

describe('readHttpLimits', () => {
  it('takes the defaults, and each variable under its prefix', () => {
    expect(readHttpLimits({}, 'SITE')).toEqual(DEFAULT_HTTP_LIMITS)
    expect(
      readHttpLimits(
        {
          SITE_HEADERS_TIMEOUT_MS: '5000',
          SITE_REQUEST_TIMEOUT_MS: '20000',
          SITE_IDLE_TIMEOUT_MS: '45000',
          SITE_KEEP_ALIVE_TIMEOUT_MS: '61000',
          SITE_MAX_CONNECTIONS_PER_CLIENT: '0',
          PLATFORM_HEADERS_TIMEOUT_MS: '100',
        },
        'SITE',
      ),
    ).toEqual({ headersTimeoutMs: 5000, requestTimeoutMs: 20000, idleTimeoutMs: 45000, keepAliveTimeoutMs: 61000, maxConnectionsPerClient: 0 })
  })

  it.each([
    [{ SITE_REQUEST_TIMEOUT_MS: 'soon' }, 'SITE_REQUEST_TIMEOUT_MS must be a whole number from 100 to 3600000, got "soon"'],
    [{ SITE_IDLE_TIMEOUT_MS: '0' }, 'SITE_IDLE_TIMEOUT_MS must be a whole number from 100 to 3600000, got "0"'],
    [{ SITE_MAX_CONNECTIONS_PER_CLIENT: '-1' }, 'SITE_MAX_CONNECTIONS_PER_CLIENT must be a whole number from 0 to 1000000, got "-1"'],
    [{ SITE_HEADERS_TIMEOUT_MS: '40000' }, 'SITE_HEADERS_TIMEOUT_MS (40000) must not be longer than SITE_REQUEST_TIMEOUT_MS (30000)'],
  ])('stops on %j, naming the variable', (env, message) => {
    expect(() => readHttpLimits(env, 'SITE')).toThrow(message)
  })
})

describe('serverTimeouts', () => {
  it("gives fastify and node each limit, and checks for expired requests often enough that none runs long past its limit", () => {
    const options = serverTimeouts({ headersTimeoutMs: 400, requestTimeoutMs: 1000, idleTimeoutMs: 2000, keepAliveTimeoutMs: 3000, maxConnectionsPerClient: 3 })
    expect(options).toEqual({
      connectionTimeout: 2000,
      keepAliveTimeout: 3000,
      requestTimeout: 1000,
      http: { headersTimeout: 400, requestTimeout: 1000, connectionsCheckingInterval: 100 },
    })
    expect(serverTimeouts(DEFAULT_HTTP_LIMITS).http.connectionsCheckingInterval).toBe(1000)
  })
})

describe('ConnectionCounter', () => {
  it('refuses a connection past the cap for that address only, and admits again once one closes', () => {
    const counter = new ConnectionCounter(2)
    expect([counter.admit('10.0.0.1'), counter.admit('10.0.0.1'), counter.admit('10.0.0.1')]).toEqual([true, true, false])
    expect(counter.admit('10.0.0.2')).toBe(true)
    expect(counter.count('10.0.0.1')).toBe(2)
    counter.release('10.0.0.1')
    expect(counter.admit('10.0.0.1')).toBe(true)
    expect(counter.admit('10.0.0.1')).toBe(false)
  })

  it('counts an IPv4 client reached over IPv6 as the same client, and forgets an address with nothing open', () => {
    const counter = new ConnectionCounter(1)
    expect(counter.admit('::ffff:10.0.0.1')).toBe(true)
    expect(counter.admit('10.0.0.1')).toBe(false)
    counter.release('10.0.0.1')
    expect(counter.clients).toBe(0)
  })

  it('admits every connection when the cap is 0 (behind a balancer)', () => {
    const counter = new ConnectionCounter(0)
    for (let i = 0; i < 1000; i++) expect(counter.admit('10.0.0.9')).toBe(true)
  })
})
