/**
 * The platform's whole view of its database: parameterised SQL in, plain rows out.
 * Both engines (PGlite in-process, PostgreSQL over the network) implement it, so
 * every query is written once in portable PostgreSQL.
 */

/**
 * Query parameters: only values both drivers serialise the same way. Arrays
 * are text arrays (`$1::text[]`); JSON goes in as a string (`$1::jsonb`).
 */
export type SqlParam = string | number | boolean | null | readonly string[]

/** Something that runs statements: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one parameterised statement (`$1`, `$2`, …) and returns its rows.
   * Row fields are whatever the driver decodes; callers cast counts with `::int`
   * because the two drivers decode `bigint` differently.
   */
  query<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T[]>
  /** Runs one or more statements without parameters (DDL, migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  /**
   * Runs `fn` inside one transaction: committed when it resolves, rolled back
   * when it throws (the error is rethrown). Statements must go through `tx`.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Short description for logs, e.g. "pglite:.data/pglite". Never contains credentials. */
  readonly description: string
}
