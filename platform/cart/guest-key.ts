/**
 * The key that binds a guest order form to the browser that created it. One
 * key per browser: a browser's later guest carts are bound to the key it
 * already holds, so two tabs starting carts at once, or a new cart after an
 * order, never strand each other. Only the key's SHA-256 is stored.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, base64url. */
const KEY = /^[A-Za-z0-9_-]{43}$/

/** How long the browser keeps the key; a guest cart older than this is lost with it. */
export const GUEST_KEY_TTL_SECONDS = 30 * 24 * 60 * 60

export function newGuestKey(): string {
  return randomBytes(32).toString('base64url')
}

/** The key as the browser sent it when it has the shape of one the platform issues, else null. */
export function wellFormedGuestKey(value: string | null | undefined): string | null {
  return typeof value === 'string' && KEY.test(value) ? value : null
}

export function guestKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}

/** Whether `key` is the one whose hash the order form stores; false when either is missing. */
export function holdsGuestKey(key: string | null, storedHash: string | null): boolean {
  const presented = wellFormedGuestKey(key)
  if (!presented || !storedHash) return false
  const a = Buffer.from(guestKeyHash(presented), 'hex')
  const b = Buffer.from(storedHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}
