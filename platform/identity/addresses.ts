/**
 * A customer's address book (req ADDR-01, ADDR-02, ADDR-03). Every query names the customer
 * whose session asks, so an address id of another customer is simply not found.
 * At most one address is residential (a unique index says so): the session's
 * postal code follows it (req ID-06), so choosing another residential address
 * turns the former one into a shipping address in the same transaction.
 */
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/types'

export type AddressType = 'residential' | 'commercial' | 'pickup' | 'shipping'

export interface BookAddress {
  id: string
  addressType: AddressType
  recipient: string
  street: string
  postalCode: string
  city: string
  province: string
  country: string
  phone: string
}

/** What the customer types in; the shop ships in Italy, so the country is always ITA. */
export interface AddressInput {
  recipient: string
  street: string
  postalCode: string
  city: string
  province: string
  phone: string
  residential: boolean
}

/** How many addresses one customer may keep: a bound on what one account can store. */
export const MAX_ADDRESSES = 20

const COLUMNS = `id, address_type AS "addressType", recipient, street, postal_code AS "postalCode", city, province, country, phone`

export class AddressBook {
  constructor(private readonly db: Db) {}

  /** The customer's addresses, residential first, then in the order they were added. */
  list(customerId: string): Promise<BookAddress[]> {
    return this.db.query<BookAddress>(
      `SELECT ${COLUMNS} FROM customer_addresses WHERE customer_id = $1 ORDER BY address_type <> 'residential', created_at, id`,
      [customerId],
    )
  }

  /** One of the customer's addresses; null for an unknown id or another customer's. */
  async get(customerId: string, id: string): Promise<BookAddress | null> {
    const [row] = await this.db.query<BookAddress>(`SELECT ${COLUMNS} FROM customer_addresses WHERE id = $1 AND customer_id = $2`, [id, customerId])
    return row ?? null
  }

  /**
   * Adds an address; the first one, or one marked residential, becomes the
   * residential address. Null when the book is full.
   */
  async add(customerId: string, input: AddressInput): Promise<BookAddress | null> {
    const id = randomUUID()
    const added = await this.db.transaction(async (tx) => {
      // The customer row is locked so two adds cannot both find room or both find no residential address.
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId])
      const rows = await tx.query<{ addressType: AddressType }>('SELECT address_type AS "addressType" FROM customer_addresses WHERE customer_id = $1', [customerId])
      if (rows.length >= MAX_ADDRESSES) return false
      const residential = input.residential || !rows.some((r) => r.addressType === 'residential')
      if (residential) await tx.query(`UPDATE customer_addresses SET address_type = 'shipping' WHERE customer_id = $1 AND address_type = 'residential'`, [customerId])
      await tx.query(
        `INSERT INTO customer_addresses (id, customer_id, address_type, recipient, street, postal_code, city, province, country, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ITA', $9)`,
        [id, customerId, residential ? 'residential' : 'shipping', input.recipient, input.street, input.postalCode, input.city, input.province, input.phone],
      )
      return true
    })
    return added ? this.get(customerId, id) : null
  }

  /** Changes one of the customer's addresses (a residential mark makes it the residential one); false when it is not theirs. */
  async update(customerId: string, id: string, input: AddressInput): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `UPDATE customer_addresses SET recipient = $3, street = $4, postal_code = $5, city = $6, province = $7, phone = $8, country = 'ITA'
         WHERE id = $1 AND customer_id = $2 RETURNING id`,
        [id, customerId, input.recipient, input.street, input.postalCode, input.city, input.province, input.phone],
      )
      if (rows.length === 0) return false
      if (input.residential) await this.markResidential(tx, customerId, id)
      return true
    })
  }

  /** Makes one of the customer's addresses the residential one; false when it is not theirs. */
  async makeResidential(customerId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>('SELECT id FROM customer_addresses WHERE id = $1 AND customer_id = $2 FOR UPDATE', [id, customerId])
      if (!row) return false
      await this.markResidential(tx, customerId, id)
      return true
    })
  }

  /** Removes one of the customer's addresses; false when it is not theirs. */
  async remove(customerId: string, id: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>('DELETE FROM customer_addresses WHERE id = $1 AND customer_id = $2 RETURNING id', [id, customerId])
    return rows.length > 0
  }

  private async markResidential(tx: Queryable, customerId: string, id: string): Promise<void> {
    await tx.query(`UPDATE customer_addresses SET address_type = 'shipping' WHERE customer_id = $1 AND address_type = 'residential' AND id <> $2`, [customerId, id])
    await tx.query(`UPDATE customer_addresses SET address_type = 'residential' WHERE id = $1 AND customer_id = $2`, [id, customerId])
  }
}
