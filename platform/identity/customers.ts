import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Person } from '../wire'
import type { Address } from '../wire-identity'
import type { Db, Queryable } from '../db/types'
import { conflict } from '../lib/errors'
import { guestKeyHash, wellFormedGuestKey } from '../cart/guest-key'
import { arcacardNumber, bkId } from './loyalty-card'
import { DECOY_HASH_PROMISE, hashPassword, verifyPassword } from './password'

/** Sessions last 30 days from login. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60

export interface Customer extends Person {
  isVet: boolean
  bkId: string
  arcacard: string
  profilingConsent: boolean
}

/** A login session: its customer, and the hash of the guest-cart key the browser held when it was opened (null for none). */
export interface Session {
  customer: Customer
  guestKeyHash: string | null
}

export interface Registration {
  givenName: string
  familyName: string
  email: string
  password: string
  profilingConsent: boolean
}

const CUSTOMER_COLUMNS = `c.id, c.given_name AS "givenName", c.family_name AS "familyName", c.email,
  c.is_vet AS "isVet", c.bk_id AS "bkId", c.arcacard, c.profiling_consent AS "profilingConsent"`

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Customers, their credentials and their login sessions. */
export class Identity {
  constructor(private readonly db: Db) {}

  /**
   * The customer with these credentials, or null. Unknown emails cost a full
   * password check too, so timing does not reveal which emails exist.
   */
  async authenticate(email: string, password: string): Promise<Customer | null> {
    const [row] = await this.db.query<Customer & { passwordHash: string }>(
      `SELECT ${CUSTOMER_COLUMNS}, c.password_hash AS "passwordHash" FROM customers c WHERE c.email = $1`,
      [normaliseEmail(email)],
    )
    const ok = await verifyPassword(password, row?.passwordHash ?? (await DECOY_HASH_PROMISE))
    if (!row || !ok) return null
    const { passwordHash: _hash, ...customer } = row
    return customer
  }

  /** Creates a customer with fresh loyalty-card data; 409 when the email is taken. */
  async register(input: Registration): Promise<Customer> {
    const email = normaliseEmail(input.email)
    const passwordHash = await hashPassword(input.password)
    return this.db.transaction(async (tx) => {
      const [taken] = await tx.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [email])
      if (taken) throw conflict('EMAIL_TAKEN', `an account with email ${email} already exists`)
      const [serial] = await tx.query<{ n: number }>("SELECT nextval('loyalty_card_seq')::int AS n")
      const n = serial?.n ?? 0
      const id = randomUUID()
      await tx.query(
        `INSERT INTO customers (id, email, given_name, family_name, password_hash, bk_id, arcacard, profiling_consent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, email, input.givenName.trim(), input.familyName.trim(), passwordHash, bkId(n), arcacardNumber(n), input.profilingConsent],
      )
      const customer = await this.byId(tx, id)
      if (!customer) throw new Error(`customer ${id} vanished after insert`)
      return customer
    })
  }

  /**
   * Opens a session and returns the token for the cookie; only its hash is
   * stored. `guestKey` is the guest-cart key the browser logging in holds: the
   * session records its hash, and claims only the guest carts bound to it, so
   * a session opened in another browser and planted in this one claims none
   * of this browser's (see cart/access.ts).
   */
  async openSession(customerId: string, guestKey: string | null = null): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    const key = wellFormedGuestKey(guestKey)
    await this.db.query(
      `INSERT INTO sessions (token_hash, customer_id, expires_at, guest_key_hash) VALUES ($1, $2, now() + make_interval(secs => $3), $4)`,
      [tokenHash(token), customerId, SESSION_TTL_SECONDS, key && guestKeyHash(key)],
    )
    return token
  }

  /** The session behind a token, or null when unknown or expired. */
  async sessionForToken(token: string): Promise<Session | null> {
    const [row] = await this.db.query<Customer & { sessionGuestKeyHash: string | null }>(
      `SELECT ${CUSTOMER_COLUMNS}, s.guest_key_hash AS "sessionGuestKeyHash" FROM sessions s JOIN customers c ON c.id = s.customer_id
       WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [tokenHash(token)],
    )
    if (!row) return null
    const { sessionGuestKeyHash, ...customer } = row
    return { customer, guestKeyHash: sessionGuestKeyHash }
  }

  async closeSession(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1 OR expires_at <= now()', [tokenHash(token)])
  }

  /** Corrects the customer's name and profiling consent (req GDPR-04); the email, their login, stays. */
  async updateProfile(customerId: string, profile: Pick<Customer, 'givenName' | 'familyName' | 'profilingConsent'>): Promise<void> {
    await this.db.query('UPDATE customers SET given_name = $2, family_name = $3, profiling_consent = $4 WHERE id = $1', [
      customerId,
      profile.givenName.trim(),
      profile.familyName.trim(),
      profile.profilingConsent,
    ])
  }

  /** The customer's addresses, residential first. */
  addresses(customerId: string): Promise<Address[]> {
    return this.db.query<Address>(
      `SELECT address_type AS "addressType", country, postal_code AS "postalCode" FROM customer_addresses
       WHERE customer_id = $1 ORDER BY address_type <> 'residential', id`,
      [customerId],
    )
  }

  private async byId(db: Queryable, id: string): Promise<Customer | null> {
    const [row] = await db.query<Customer>(`SELECT ${CUSTOMER_COLUMNS} FROM customers c WHERE c.id = $1`, [id])
    return row ?? null
  }
}

export function toPerson(customer: Customer): Person {
  return { id: customer.id, givenName: customer.givenName, familyName: customer.familyName, email: customer.email }
}
