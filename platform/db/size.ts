import type { Queryable } from './types'

/** Bytes used by the current database, as PostgreSQL counts them. */
export async function databaseSize(db: Queryable): Promise<number> {
  const [row] = await db.query<{ bytes: string | number }>('SELECT pg_database_size(current_database())::text AS bytes')
  return Number(row?.bytes ?? 0)
}
