/**
 * Devices a customer has logged in from. A successful login leaves a random
 * token on the browser (cookie pf_device, long-lived, HttpOnly); only its
 * SHA-256 is stored, with the customer. A login attempt carrying a known
 * device's token for the account it names is counted on that device alone, so
 * the failures other clients cause never slow the owner's own devices down.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/types'
import { normaliseEmail } from './customers'

/** How long a device stays known after the login that made it so. */
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60

/** 32 random bytes, base64url, as issued. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')

export class KnownDevices {
  constructor(private readonly db: Db) {}

  /** The token's hash when it is a known device of the account with this email, else null. */
  async recognise(token: string | undefined, email: string): Promise<string | null> {
    if (!token || !TOKEN.test(token)) return null
    const hash = hashOf(token)
    const [row] = await this.db.query<{ token_hash: string }>(
      `SELECT d.token_hash FROM known_devices d JOIN customers c ON c.id = d.customer_id
       WHERE d.token_hash = $1 AND c.email = $2 AND d.expires_at > now()`,
      [hash, normaliseEmail(email)],
    )
    return row ? hash : null
  }

  /** Makes this browser a known device of the customer: answers the token for its cookie. */
  async remember(customerId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await this.db.query('INSERT INTO known_devices (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))', [hashOf(token), customerId, KNOWN_DEVICE_TTL_SECONDS])
    await this.db.query('DELETE FROM known_devices WHERE customer_id = $1 AND expires_at <= now()', [customerId])
    return token
  }
}
