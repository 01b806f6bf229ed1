/**
 * Reseeds the platform database from scratch: `tsx platform/db/seed-cli.ts`.
 * Honours SEED_PRODUCTS (default 1500), SEED (PRNG seed), DATABASE_URL and PLATFORM_DATA_DIR.
 */
import { migrate } from './migrate'
import { openDb } from './open'
import { clearDatabase, DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, seedDatabase } from './seed'
import { databaseSize } from './size'

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return value
}

async function main(): Promise<void> {
  const products = positiveInt('SEED_PRODUCTS', DEFAULT_PRODUCT_COUNT)
  const seed = positiveInt('SEED', DEFAULT_SEED)
  const db = await openDb()
  try {
    await migrate(db)
    await clearDatabase(db)
    const report = await seedDatabase(db, { products, seed })
    const size = await databaseSize(db)
    console.log(`Seeded ${db.description} (seed ${seed}):`)
    for (const [key, value] of Object.entries(report) as [string, number][]) {
      console.log(`  ${key.padEnd(11)} ${key === 'seconds' ? value.toFixed(1) : value}`)
    }
    console.log(`  db size     ${(size / 1024 / 1024).toFixed(1)} MB`)
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
