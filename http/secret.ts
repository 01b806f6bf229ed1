/** How every server of the shop compares a secret it was given with the one it holds. */
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string): Buffer => createHash('sha256').update(text).digest()

/**
 * True when `given` is a string equal to `secret`. Both are hashed to the same length and compared in
 * constant time, so the time an answer takes tells a guesser nothing of how close a guess came, nor the
 * secret's length.
 */
export function matchesSecret(given: unknown, secret: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(secret))
}
