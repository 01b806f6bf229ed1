/**
 * The database a test platform runs on: a throwaway PGlite in memory, or,
 * when TEST_DATABASE_URL names a PostgreSQL server, a schema of its own on
 * that server (created empty, dropped on close), so suites can run side by
 * side on one database and the same tests prove both drivers.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDb } from '../db/open'
import type { Db } from '../db/types'

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined

export interface TestDatabase {
  /** Where the platform should connect: a connection string, or PGlite's `memory://`. */
  databaseUrl?: string
  dataDir?: string
  /** Drops what was created (the schema on PostgreSQL). */
  drop(): Promise<void>
}

/** A fresh, empty place for one test platform's data. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = testDatabaseUrl()
  if (!server) return { dataDir: 'memory://', drop: async () => undefined }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    await admin.query(`CREATE SCHEMA ${schema}`)
  } finally {
    await admin.end()
  }
  const url = new URL(server)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    databaseUrl: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: server })
      await cleaner.connect()
      try {
        await cleaner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      } finally {
        await cleaner.end()
      }
    },
  }
}

/** Opens a fresh test database; closing the returned Db also drops it. */
export async function openTestDb(): Promise<Db> {
  const place = await createTestDatabase()
  const db = await openDb({ databaseUrl: place.databaseUrl, dataDir: place.dataDir })
  return {
    ...db,
    close: async () => {
      await db.close()
      await place.drop()
    },
  }
}
