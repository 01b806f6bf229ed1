/**
 * Order numbers. A guest finds an order by its number and email, so a number
 * must not tell anyone the next or the previous one: new orders get `PF-` and
 * 12 random characters of Crockford's base 32 (digits and capitals without
 * I, L, O, U, which read as other characters), 60 random bits. Orders placed
 * before kept their sequential numbers (PF-100001…), which stay findable.
 */
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/types'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const LENGTH = 12

export function randomOrderNumber(): string {
  // 256 is a multiple of 32, so taking each byte modulo 32 favours no character.
  return `PF-${[...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`
}

/** A new order number no order has yet, in any case (the column is unique too). */
export async function newOrderNumber(db: Queryable): Promise<string> {
  for (;;) {
    const number = randomOrderNumber()
    const [taken] = await db.query<{ id: string }>('SELECT id FROM order_forms WHERE upper(order_number) = $1', [number])
    if (!taken) return number
  }
}
