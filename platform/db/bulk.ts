import type { Queryable, SqlParam } from './types'

/**
 * PostgreSQL accepts 65535 bind parameters per statement, but PGlite reads the
 * parameter count as a signed 16-bit number, so stay under 32768.
 */
const MAX_PARAMS = 32_000

/**
 * Inserts rows with multi-row `INSERT … VALUES` statements, as many rows per
 * statement as the parameter limit allows. `rows` are tuples in `columns` order.
 */
export async function insertRows(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlParam[])[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length))
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement)
    const params: SqlParam[] = []
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length) throw new Error(`insertRows(${table}): row has ${row.length} values, expected ${columns.length}`)
      const placeholders = row.map((value) => {
        params.push(value)
        return `$${params.length}`
      })
      return `(${placeholders.join(',')})`
    })
    await db.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params)
  }
}
