/**
 * Guest-order lookups a storefront makes at a backend that keeps the orders
 * elsewhere (VTEX's Orders API: src/commerce/vtex/identity.ts), counted in
 * this database so that every storefront server behind a balancer shares the
 * count: at most `allowed` failed lookups per client within `windowSeconds`,
 * then 429 until the oldest of them leaves the window.
 *
 * Each lookup is charged before it is made (so concurrent lookups cannot slip
 * past the count together): one row of attempt_failures named by the client
 * and a random receipt, which leaves the count by itself at the window's end.
 * The storefront takes the charge back with the receipt when the lookup found
 * the order or failed for a reason not the shopper's. A receipt is never shown
 * to the shopper and is good only for the client it was charged to, so a
 * shopper cannot take back their own failures.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/types'

export interface LookupWindow {
  /** Failed lookups a client may make within the window. */
  allowed: number
  windowSeconds: number
}

/** The rule the VTEX backend's guest-order lookup has always had: 5 failures in 15 minutes from one address. */
export const OUTSIDE_ORDER_LOOKUPS: LookupWindow = { allowed: 5, windowSeconds: 15 * 60 }

export const RECEIPT = /^[0-9a-f]{32}$/

export class LookupAttempts {
  constructor(
    private readonly db: Db,
    private readonly rule: LookupWindow = OUTSIDE_ORDER_LOOKUPS,
  ) {}

  /** Charges one lookup to `client` and answers its receipt, or, with `allowed` failures still in the window, the wait in whole seconds. */
  async charge(client: string): Promise<{ receipt: string } | { waitSeconds: number }> {
    const charges = `lookup:${client}:%`
    return this.db.transaction(async (tx) => {
      // The client's own row, written first, holds its lock until the end: one client's charges are counted one at a time.
      await tx.query(
        `INSERT INTO attempt_failures (key, level, updated_at, empty_at) VALUES ($1, 0, now(), now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET updated_at = EXCLUDED.updated_at, empty_at = EXCLUDED.empty_at`,
        [`lookup:${client}`, this.rule.windowSeconds],
      )
      await tx.query('DELETE FROM attempt_failures WHERE key LIKE $1 AND empty_at <= now()', [charges])
      const [row] = await tx.query<{ count: number; wait: number | null }>(
        'SELECT count(*)::int AS count, extract(epoch FROM min(empty_at) - now())::float8 AS wait FROM attempt_failures WHERE key LIKE $1',
        [charges],
      )
      if (row && row.count >= this.rule.allowed) return { waitSeconds: Math.max(1, Math.ceil(Number(row.wait ?? 1))) }
      const receipt = randomBytes(16).toString('hex')
      await tx.query(`INSERT INTO attempt_failures (key, level, updated_at, empty_at) VALUES ($1, 1, now(), now() + make_interval(secs => $2))`, [
        `lookup:${client}:${receipt}`,
        this.rule.windowSeconds,
      ])
      return { receipt }
    })
  }

  /** Takes back the charge of `receipt`, if it was `client`'s; answers whether there was one. */
  async takeBack(client: string, receipt: string): Promise<boolean> {
    if (!RECEIPT.test(receipt)) return false
    const rows = await this.db.query<{ key: string }>('DELETE FROM attempt_failures WHERE key = $1 RETURNING key', [`lookup:${client}:${receipt}`])
    return rows.length > 0
  }
}
