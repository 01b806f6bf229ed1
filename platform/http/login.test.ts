/**
 * The login's limit under attempts sent all at once (req ID-10): every
 * attempt is charged before its password is checked, in one transaction per
 * attempt, so attempts arriving together cannot all pass a count that none of
 * them has raised yet. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL,
 * where transactions really run side by side.
 */
import { delaySeconds, LOGIN_THROTTLE, type ThrottleRule } from '../identity/throttle'
import { createTestPlatform, inBrowser, type TestPlatform } from '../testing/app'

const { call } = inBrowser()
const GIULIA = 'giulia.bianchi@example.it'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(10)
  // Every connection of the pool open, as on a platform that has been answering a while: the attempts below then
  // really run side by side, instead of waiting in turn for connections to open.
  await Promise.all(Array.from({ length: 10 }, () => platform.db.query('SELECT 1')))
})
afterAll(() => platform.close())
afterEach(() => platform.db.query('DELETE FROM attempt_failures'))

const from = (address: string) => ({ 'x-forwarded-for': address })
const attempt = (email: string, password: string, headers: Record<string, string>) => call(platform, 'POST', '/api/session/login', { json: { email, password }, headers })
/**
 * How many failures a client may have checked within `seconds`: the free ones, then one more after each wait
 * (2 s, 4 s…), counted from the failure before it. Attempts sent at once are answered over a while on a busy
 * machine, and the waits may pass meanwhile.
 */
function allowedWithin(seconds: number, rule: ThrottleRule): number {
  let allowed = rule.free
  for (let spent = delaySeconds(allowed, rule); spent <= seconds; spent += delaySeconds(allowed, rule)) allowed++
  return allowed
}
/** As if `seconds` had gone by since every failure so far. */
const letTimePass = (seconds: number) =>
  platform.db.query('UPDATE attempt_failures SET updated_at = updated_at - make_interval(secs => $1), empty_at = empty_at - make_interval(secs => $1)', [seconds])

describe('failed logins sent all at once', () => {
  it('lets only the free attempts of 40 concurrent wrong passwords be checked (401) and answers the rest 429; the right password then waits too, while the owner logs in from elsewhere', async () => {
    const attacker = from('203.0.113.140')
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(GIULIA, `sbagliata-${i}`, attacker)))
    const checked = answers.filter((answer) => answer.status === 401).length
    expect(answers.map((answer) => answer.status).filter((status) => status !== 401 && status !== 429)).toEqual([])
    expect(checked).toBeLessThanOrEqual(allowedWithin((Date.now() - started) / 1000, LOGIN_THROTTLE.pair))
    // Every password checked was counted, on each of the attempt's counters: none slipped past the others' charge.
    const levels = await platform.db.query<{ key: string; level: number }>('SELECT key, level FROM attempt_failures')
    expect(levels.map((row) => [row.key.split(':')[1], Math.round(Number(row.level))]).sort()).toEqual([
      ['account', checked],
      ['ip', checked],
      ['pair', checked],
    ])
    // The right password from the same client is not checked until its wait is over.
    const right = await attempt(GIULIA, 'Password123!', attacker)
    expect(right.status).toBe(429)
    expect(right.sessionToken).toBeUndefined()
    // The owner, from an address of their own, is not slowed by the attacker's failures.
    const owner = await attempt(GIULIA, 'Password123!', from('198.51.100.140'))
    expect(owner.status).toBe(200)
    // Once the wait has passed, the same client may try again.
    await letTimePass(LOGIN_THROTTLE.pair.maxDelaySeconds)
    expect((await attempt(GIULIA, 'Password123!', attacker)).status).toBe(200)
  })
})
