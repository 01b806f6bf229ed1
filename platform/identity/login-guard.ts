import type { Db } from '../db/types'
import { normaliseEmail } from './customers'

/** Failed logins allowed per account and per client address within the window. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 }

/**
 * Failed guest-order lookups allowed per email and per order number. The
 * platform sees the storefront's address, not the shopper's, so both keys are
 * what the shopper typed: guessing the email of an order, or the orders of an
 * email, stops after 5 tries.
 */
/**
 * Registration requests allowed per email and per client address within the
 * window. Every well-formed request counts, new email or not, so the limit
 * itself says nothing about which emails have accounts.
 */
export const REGISTRATION_LIMITS = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 }

export const GUEST_ORDER_LIMITS = { perAccount: 5, perAddress: 5, windowSeconds: 15 * 60 }

/**
 * The login rate limit, kept in the database so it holds across processes and
 * restarts. Only failures count; a success clears the account's failures.
 */
export class LoginGuard {
  /**
   * `scope` keeps another use of the same table apart (the guest-order lookup,
   * whose second key is the order number rather than a client address).
   */
  constructor(
    private readonly db: Db,
    private readonly limits = LOGIN_LIMITS,
    private readonly scope = '',
  ) {}

  /** Whether this account or this address has used up its failures in the window. */
  async blocked(email: string, address: string): Promise<boolean> {
    const [row] = await this.db.query<{ account: number; address: number }>(
      `SELECT count(*) FILTER (WHERE key = $1)::int AS account, count(*) FILTER (WHERE key = $2)::int AS address
       FROM login_failures WHERE key IN ($1, $2) AND failed_at > now() - make_interval(secs => $3)`,
      [this.scope + accountKey(email), this.scope + addressKey(address), this.limits.windowSeconds],
    )
    return (row?.account ?? 0) >= this.limits.perAccount || (row?.address ?? 0) >= this.limits.perAddress
  }

  /** Counts one attempt against the email and the address (a failure, or any request where every request counts). */
  async failed(email: string, address: string): Promise<void> {
    await this.db.query('INSERT INTO login_failures (key) VALUES ($1), ($2)', [this.scope + accountKey(email), this.scope + addressKey(address)])
    await this.db.query('DELETE FROM login_failures WHERE failed_at <= now() - make_interval(secs => $1)', [this.limits.windowSeconds])
  }

  async succeeded(email: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [this.scope + accountKey(email)])
  }
}

const accountKey = (email: string): string => `email:${normaliseEmail(email)}`
const addressKey = (address: string): string => `ip:${address}`
