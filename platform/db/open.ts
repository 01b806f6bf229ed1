import path from 'node:path'
import { openPglite } from './pglite'
import { openPostgres } from './postgres'
import type { Db } from './types'

/** Root of the repository: platform/db/ is two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..')

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite')

export interface OpenDbOptions {
  /** PostgreSQL connection string; wins over `dataDir` when set. */
  databaseUrl?: string
  /** PGlite folder, or `memory://`. */
  dataDir?: string
}

/**
 * Opens the database chosen by configuration: PostgreSQL when a URL is given,
 * PGlite otherwise (in `dataDir`, then `PLATFORM_DATA_DIR`, then `.data/pglite`).
 */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL
  if (databaseUrl) return openPostgres(databaseUrl)
  const dataDir = options.dataDir ?? process.env.PLATFORM_DATA_DIR ?? DEFAULT_DATA_DIR
  return openPglite(dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir))
}
