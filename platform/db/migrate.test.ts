import { migrate, readMigrations } from './migrate'
import { openTestDb } from '../testing/database'
import { isSeeded, seedDatabase } from './seed'
import type { Db } from './types'

describe('migrations and seeding on a real database', () => {
  let db: Db

  beforeAll(async () => {
    db = await openTestDb()
  })
  afterAll(() => db.close())

  it('applies every numbered migration once, in order', async () => {
    const files = readMigrations()
    expect(files.map((m) => m.version)).toEqual([...files.map((m) => m.version)].sort())
    expect(files.length).toBeGreaterThanOrEqual(2)
    expect(await migrate(db)).toEqual(files.map((m) => m.version))
    expect(await migrate(db)).toEqual([])
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toEqual(files.map((m) => m.version))
  })

  it('records nothing for a failing migration', async () => {
    await expect(migrate(db, [{ version: '999_broken', sql: 'CREATE TABLE broken_one (id int); SELECT no_such_function();' }])).rejects.toThrow()
    const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations WHERE version = '999_broken'")
    expect(row?.n).toBe(0)
    const [table] = await db.query<{ t: string | null }>("SELECT to_regclass('broken_one')::text AS t")
    expect(table?.t).toBeNull()
  })

  it('supports the italian text search configuration', async () => {
    const [row] = await db.query<{ v: string }>("SELECT to_tsvector('italian', 'Crocchette per cani adulti')::text AS v")
    expect(row?.v).toContain("'crocchett'")
  })

  it('seeds an empty database and reports what it wrote', async () => {
    expect(await isSeeded(db)).toBe(false)
    const report = await seedDatabase(db, { products: 40 })
    expect(await isSeeded(db)).toBe(true)
    expect(report.products).toBe(41)
    const counts = await db.query<{ products: number; brands: number; stores: number; customers: number; gifts: number }>(
      `SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM brands) AS brands,
              (SELECT count(*)::int FROM stores) AS stores, (SELECT count(*)::int FROM customers) AS customers,
              (SELECT count(*)::int FROM gift_promotions) AS gifts`,
    )
    expect(counts[0]).toEqual({ products: 41, brands: report.brands, stores: report.stores, customers: 3, gifts: 1 })
    const [vet] = await db.query<{ is_vet: boolean; password_hash: string }>(
      "SELECT is_vet, password_hash FROM customers WHERE email = 'giulia.bianchi@example.it'",
    )
    expect(vet?.is_vet).toBe(true)
    expect(vet?.password_hash).toMatch(/^scrypt\$/)
  })
})
