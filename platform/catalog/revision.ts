import type { Queryable } from '../db/types'

/**
 * The catalog's revision (migration 010): the database's epoch and a counter that every statement changing the
 * catalog's tables advances. Equal revisions mean nothing the catalog's lists answer has changed in between.
 */
export async function catalogRevision(db: Queryable): Promise<string> {
  const [row] = await db.query<{ epoch: string; counter: string }>('SELECT epoch::text AS epoch, counter::text AS counter FROM catalog_revision WHERE id = 1')
  if (!row) throw new Error('the catalog_revision table has no row: the database was not migrated')
  return `${row.epoch}.${row.counter}`
}
