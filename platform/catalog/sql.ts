import type { SqlParam } from '../db/types'

/** Collects bind parameters while a statement is assembled; `add` returns the placeholder. */
export class Params {
  readonly values: SqlParam[] = []

  add(value: SqlParam): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}
