/**
 * Driver values normalised for the wire. PGlite may hand back objects from
 * another JavaScript realm (see pglite.ts), so no `instanceof` checks here.
 */

/** A timestamp column (Date or ISO string) as an ISO-8601 string. */
export function toIso(value: unknown): string {
  if (typeof value === 'string') return new Date(value).toISOString()
  if (typeof value === 'object' && value !== null && typeof (value as Date).toISOString === 'function') {
    return (value as Date).toISOString()
  }
  throw new TypeError(`not a timestamp: ${String(value)}`)
}

/** A `date` column as "YYYY-MM-DD" (queries select dates with `::text`). */
export function toDateString(value: unknown): string {
  return toIso(value).slice(0, 10)
}

/** Integer cents to euros with two decimals. */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100
}

/** Euros to integer cents, rounding half away from zero at the third decimal. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100 + Number.EPSILON * Math.sign(euros))
}
