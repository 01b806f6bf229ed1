import { migrate } from '../db/migrate'
import type { Db } from '../db/types'
import { openTestDb } from '../testing/database'
import { clientKey, counted, delaySeconds, GUEST_ORDER_THROTTLE, LOGIN_THROTTLE, Throttle, type Counter, type ThrottleRule } from './throttle'

const rule: ThrottleRule = { free: 5, leakSeconds: 600, maxDelaySeconds: 900 }

describe('the throttle', () => {
  it('asks no wait below the free failures, then doubles it from 2 s up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8, 13, 14, 50].map((n) => delaySeconds(n, rule))).toEqual([0, 0, 2, 4, 8, 16, 512, 900, 900])
    expect(delaySeconds(50, LOGIN_THROTTLE.account)).toBe(LOGIN_THROTTLE.account.maxDelaySeconds)
  })

  it('lets one failure stop counting per leak period, counting one only just begun as whole', () => {
    expect(counted(5, 0.01, rule)).toBe(5)
    expect(counted(5, 600, rule)).toBe(4)
    expect(counted(5, 3000, rule)).toBe(0)
    expect(counted(5, 9000, rule)).toBe(0)
  })

  it('keys an IPv4 client by its address and an IPv6 one by its /64', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5')
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:0db8:0001:0002::7')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})

/**
 * The counters in the database, on PGlite or on the PostgreSQL server
 * TEST_DATABASE_URL names. PGlite runs one transaction at a time; PostgreSQL
 * runs them side by side, where a first failure of a key has no row yet for
 * an attempt to lock, so every attempt arriving together used to find the
 * key empty and pass.
 */
describe('the throttle in the database', () => {
  let db: Db
  let throttle: Throttle
  beforeAll(async () => {
    db = await openTestDb()
    await migrate(db)
    throttle = new Throttle(db)
    // Every connection of the pool open, as on a server that has been answering a while: the attempts below then
    // really run side by side, instead of waiting in turn for connections to open.
    await Promise.all(Array.from({ length: 10 }, () => db.query('SELECT 1')))
  })
  afterAll(() => db.close())
  afterEach(() => db.query('DELETE FROM attempt_failures'))

  /** The free attempts, then one more after each wait (2 s, 4 s…) that passed while the attempts were answered. */
  const allowedWithin = (seconds: number, rule: ThrottleRule): number => {
    let allowed = rule.free
    for (let spent = delaySeconds(allowed, rule); spent <= seconds; spent += delaySeconds(allowed, rule)) allowed++
    return allowed
  }
  const level = async (key: string) => Number((await db.query<{ level: number }>('SELECT level FROM attempt_failures WHERE key = $1', [key]))[0]?.level ?? 0)

  it('lets through only the free attempts of 40 sent at once for a client it has never seen, and counts each one', async () => {
    const counters: Counter[] = [
      { key: 'login:pair:vittima@example.it 203.0.113.40', rule: LOGIN_THROTTLE.pair },
      { key: 'login:ip:203.0.113.40', rule: LOGIN_THROTTLE.address },
      { key: 'login:account:vittima@example.it', rule: LOGIN_THROTTLE.account },
    ]
    const started = Date.now()
    const waits = await Promise.all(Array.from({ length: 40 }, () => throttle.attempt(counters)))
    const passed = waits.filter((wait) => wait === 0).length
    expect(passed).toBeGreaterThanOrEqual(LOGIN_THROTTLE.pair.free)
    expect(passed).toBeLessThanOrEqual(allowedWithin((Date.now() - started) / 1000, LOGIN_THROTTLE.pair))
    // Each attempt let through is counted on every counter: none passed on a count another had not raised yet.
    for (const { key } of counters) expect([key, Math.round(await level(key))]).toEqual([key, passed])
  })

  it('charges nothing to any counter when one of them must wait', async () => {
    const pair: Counter = { key: 'order:pair:PF-X 203.0.113.41', rule: GUEST_ORDER_THROTTLE.pair }
    const address: Counter = { key: 'order:ip:203.0.113.41', rule: GUEST_ORDER_THROTTLE.address }
    for (let i = 0; i < GUEST_ORDER_THROTTLE.pair.free; i++) expect(await throttle.attempt([pair, address])).toBe(0)
    expect(await throttle.attempt([pair, address])).toBeGreaterThan(0)
    expect(Math.round(await level(address.key))).toBe(GUEST_ORDER_THROTTLE.pair.free)
    // Another order number from the same client starts its own count, on the client's shared one.
    const other: Counter = { key: 'order:pair:PF-Y 203.0.113.41', rule: GUEST_ORDER_THROTTLE.pair }
    expect(await throttle.attempt([other, address])).toBe(0)
    expect(Math.round(await level(address.key))).toBe(GUEST_ORDER_THROTTLE.pair.free + 1)
  })
})
