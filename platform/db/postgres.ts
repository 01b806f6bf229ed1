import pg from 'pg'
import type { Db, Queryable, SqlParam } from './types'

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = await target.query(sql, [...params])
      return result.rows as T[]
    },
    async exec(sql: string): Promise<void> {
      await target.query(sql)
    },
  }
}

/** Connects to a PostgreSQL server through a small pool. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  await pool.query('SELECT 1')
  const url = new URL(connectionString)
  return {
    ...wrap(pool),
    description: `postgres:${url.hostname}${url.pathname}`,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
