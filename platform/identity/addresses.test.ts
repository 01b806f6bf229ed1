import { migrate, readMigrations } from '../db/migrate'
import type { Db } from '../db/types'
import { openTestDb } from '../testing/database'

describe('the address-book migration (req ADDR-03)', () => {
  let db: Db

  beforeAll(async () => {
    db = await openTestDb()
  })
  afterAll(() => db.close())

  it('leaves each customer at most one residential address, the first, and then refuses a second', async () => {
    const all = readMigrations()
    const at = all.findIndex((m) => m.version.startsWith('009_'))
    expect(at).toBeGreaterThan(0)
    await migrate(db, all.slice(0, at))
    await db.query(
      `INSERT INTO customers (id, email, given_name, family_name, password_hash, bk_id, arcacard) VALUES ('c1', 'c1@example.it', 'A', 'B', 'x', 'BK1', 'AC1')`,
    )
    for (const [id, type] of [['a1', 'residential'], ['a2', 'residential'], ['a3', 'commercial']]) {
      await db.query(`INSERT INTO customer_addresses (id, customer_id, address_type, country, postal_code, city, street) VALUES ($1, 'c1', $2, 'ITA', '16121', 'Genova', 'Via Roma 1')`, [id ?? '', type ?? ''])
    }
    expect(await migrate(db)).toEqual(all.slice(at).map((m) => m.version))
    const rows = await db.query<{ id: string; address_type: string }>('SELECT id, address_type FROM customer_addresses ORDER BY id')
    expect(rows).toEqual([
      { id: 'a1', address_type: 'residential' },
      { id: 'a2', address_type: 'shipping' },
      { id: 'a3', address_type: 'commercial' },
    ])
    await expect(db.query(`UPDATE customer_addresses SET address_type = 'residential' WHERE id = 'a2'`)).rejects.toThrow()
    await expect(db.query(`UPDATE customer_addresses SET address_type = 'elsewhere' WHERE id = 'a2'`)).rejects.toThrow()
  })
})
