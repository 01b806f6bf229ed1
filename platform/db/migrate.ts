import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Db } from './types'

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations')

export interface Migration {
  /** File name without extension, e.g. "001_catalog"; its order is the apply order. */
  version: string
  sql: string
}

/** Reads `NNN_name.sql` files sorted by name. Other files are ignored. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3,}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, file), 'utf8') }))
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its
 * own transaction together with its record, so a failed migration leaves no
 * trace and a restart applies nothing twice. Returns the versions applied now.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version])
    })
    applied.push(migration.version)
  }
  return applied
}
