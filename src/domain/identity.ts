/**
 * Identity rules shared by the Functions and the browser: which postal code a
 * session takes (req ID-06), and whether a shopper named in a request is the
 * person behind its cookie (req ID-03).
 */
import type { Address, Person } from './types'

/** The postal code of the residential address in Italy, or null when the customer has none (req ID-06). */
export function sessionPostalCode(addresses: readonly Address[]): string | null {
  return addresses.find((a) => a.addressType === 'residential' && a.country === 'ITA')?.postalCode ?? null
}

/** How a request's claimed shopper compares with the cookie's person: the ids are compared as given, emails case-insensitively. */
export function claimMatches(person: Person, claim: { userId?: string; email?: string }): boolean {
  if (claim.userId !== undefined && claim.userId !== person.id) return false
  if (claim.email !== undefined && claim.email.trim().toLowerCase() !== person.email.toLowerCase()) return false
  return true
}
