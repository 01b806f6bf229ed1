/**
 * Failed attempts (logins, registrations, guest-order lookups) slow down
 * their own source and never lock anything for everyone. Each counter is a
 * leaky bucket kept in the database, so it holds across processes and
 * restarts: a failure adds 1 to its level, the level leaks away at a steady
 * rate, and once the failures still counted reach the rule's `free` the next
 * attempt must wait 2 s after the last one, then 4 s, 8 s… up to the rule's
 * cap, answered 429 with Retry-After. An attempt is charged before it is
 * checked (so concurrent attempts cannot slip past the count together), and
 * the caller takes the charge back when it succeeds.
 */
import { isIPv4, isIPv6 } from 'node:net'
import type { Db, Queryable } from '../db/types'

export interface ThrottleRule {
  /** Failures still counted before the first delay. */
  free: number
  /** One failure stops counting after this long. */
  leakSeconds: number
  /** The longest a delay grows to. */
  maxDelaySeconds: number
}

/**
 * Logins. `pair`: one client at one account (an owner who mistypes is slowed
 * only there). `address`: one client across accounts (a guesser trying many
 * accounts). `account`: one account from clients it has not seen (guessing
 * from many addresses); its cap stays short, since the owner on a new device
 * waits with them. `device`: one known device at its account, which counts
 * only its own failures (see known-devices.ts).
 */
export const LOGIN_THROTTLE = {
  pair: { free: 5, leakSeconds: 10 * 60, maxDelaySeconds: 15 * 60 },
  address: { free: 20, leakSeconds: 3 * 60, maxDelaySeconds: 15 * 60 },
  account: { free: 10, leakSeconds: 10 * 60, maxDelaySeconds: 60 },
  device: { free: 5, leakSeconds: 10 * 60, maxDelaySeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>

/**
 * Registrations: every well-formed request counts, new email or not, so the
 * limit says nothing about which emails have accounts; counted per (email,
 * client) and per client, never per email alone, so no one can keep an email
 * from registering.
 */
export const REGISTRATION_THROTTLE = {
  pair: { free: 5, leakSeconds: 3 * 60, maxDelaySeconds: 15 * 60 },
  address: { free: 20, leakSeconds: 45, maxDelaySeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>

/**
 * The guest-order lookup: failures per (order number, client) and per client.
 * Nothing counts per order number or per email alone, so no one can keep a
 * guest from their order; new order numbers are random (see
 * cart/order-number.ts), so guessing one is hopeless anyway.
 */
export const GUEST_ORDER_THROTTLE = {
  pair: { free: 5, leakSeconds: 10 * 60, maxDelaySeconds: 15 * 60 },
  address: { free: 10, leakSeconds: 3 * 60, maxDelaySeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>

/** One bucket: its key and the rule it follows. */
export interface Counter {
  key: string
  rule: ThrottleRule
}

/** The failures still counted after `ageSeconds` of leaking from `level`. */
export function counted(level: number, ageSeconds: number, rule: ThrottleRule): number {
  // A hair under a whole failure still counts as one: leaking has only just begun.
  return Math.max(0, Math.ceil(level - ageSeconds / rule.leakSeconds - 1e-9))
}

/** How long after the last failure the next attempt must wait, with `failures` still counted. */
export function delaySeconds(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0
  return Math.min(2 ** (failures - rule.free + 1), rule.maxDelaySeconds)
}

/**
 * The key for a client address: an IPv4 address as it is (an IPv4-mapped
 * IPv6 one too), an IPv6 address by its /64, the block one subscriber usually
 * holds, so walking through that block is still one client.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return address
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined]
  const front = head ? head.split(':') : []
  const back = tail === undefined ? [] : tail ? tail.split(':') : []
  // An embedded IPv4 tail takes two groups; only the first four groups matter here.
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
  return `${groups.slice(0, 4).map((g) => (g || '0').replace(/^0+(?=.)/, '')).join(':')}::/64`
}

interface Row {
  key: string
  level: number
  age: number
}

export class Throttle {
  constructor(private readonly db: Db) {}

  /**
   * Charges one attempt to every counter and answers 0, or, when one of them
   * must still wait, charges nothing and answers that wait in whole seconds.
   * One transaction that holds every counter's row from its first statement:
   * an attempt arriving meanwhile waits for this one's charge and then counts
   * it, even for a key that had no row yet.
   */
  async attempt(counters: readonly Counter[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await this.claim(tx, counters)
      const wait = Math.max(0, ...counters.map(({ key, rule }) => {
        const row = rows.get(key)
        return row ? delaySeconds(counted(row.level, row.age, rule), rule) - row.age : 0
      }))
      if (wait > 0) return Math.ceil(wait)
      for (const { key, rule } of counters) {
        const row = rows.get(key)
        await this.write(tx, key, (row ? Math.max(0, row.level - row.age / rule.leakSeconds) : 0) + 1, rule)
      }
      // Rows other attempts hold are theirs to settle: skipping them, this never waits while holding its own.
      await tx.query('DELETE FROM attempt_failures WHERE key IN (SELECT key FROM attempt_failures WHERE empty_at <= now() FOR UPDATE SKIP LOCKED)')
      return 0
    })
  }

  /** Takes back the charge of an attempt that succeeded. */
  async takeBack(counters: readonly Counter[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await this.lock(tx, counters)
      for (const { key, rule } of counters) {
        const row = rows.get(key)
        if (row) await this.write(tx, key, Math.max(0, row.level - row.age / rule.leakSeconds - 1), rule)
      }
    })
  }

  /** Forgets these counters' failures (a client that proved itself there). */
  async clear(counters: readonly Counter[]): Promise<void> {
    await this.db.query('DELETE FROM attempt_failures WHERE key = ANY($1::text[])', [counters.map((c) => c.key)])
  }

  /** The counters' rows, locked until the transaction ends, in key order so two attempts never deadlock. */
  private async lock(tx: Queryable, counters: readonly Counter[]): Promise<Map<string, Row>> {
    const rows = await tx.query<Row>(
      `SELECT key, level, extract(epoch FROM now() - updated_at)::float8 AS age FROM attempt_failures
       WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
      [counters.map((c) => c.key)],
    )
    return toRows(rows)
  }

  /**
   * The counters' rows, each created empty when the key has none, and locked
   * until the transaction ends, in one statement and in key order (so two
   * attempts never deadlock). Locking only the rows that exist would let
   * attempts arriving together at a new key each find it empty and pass.
   */
  private async claim(tx: Queryable, counters: readonly Counter[]): Promise<Map<string, Row>> {
    const rows = await tx.query<Row>(
      `INSERT INTO attempt_failures (key, level, updated_at, empty_at)
       SELECT k.key, 0, now(), now() FROM unnest($1::text[]) AS k (key) ORDER BY k.key
       ON CONFLICT (key) DO UPDATE SET level = attempt_failures.level
       RETURNING key, level, extract(epoch FROM now() - updated_at)::float8 AS age`,
      [[...new Set(counters.map((c) => c.key))]],
    )
    return toRows(rows)
  }

  private async write(tx: Queryable, key: string, level: number, rule: ThrottleRule): Promise<void> {
    await tx.query(
      `INSERT INTO attempt_failures (key, level, updated_at, empty_at) VALUES ($1, $2, now(), now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET level = EXCLUDED.level, updated_at = EXCLUDED.updated_at, empty_at = EXCLUDED.empty_at`,
      [key, level, level * rule.leakSeconds],
    )
  }
}

const toRows = (rows: readonly Row[]): Map<string, Row> =>
  new Map(rows.map((row) => [row.key, { key: row.key, level: Number(row.level), age: Math.max(0, Number(row.age)) }]))
