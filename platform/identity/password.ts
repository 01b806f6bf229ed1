import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_LENGTH = 64
const COST = { N: 16384, r: 8, p: 1 } as const

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/**
 * Hashes a password with scrypt and a fresh 16-byte salt. The result carries
 * its own cost parameters ("scrypt$N$r$p$salt$hash", base64), so the cost can
 * be raised later without invalidating stored hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$')
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false
  const expected = Buffer.from(keyB64, 'base64')
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(n) * Number(r) + 1024 * 1024,
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A valid hash of a password nobody knows: checking it when the email is
 * unknown makes a failed login take as long as a wrong password.
 */
export const DECOY_HASH_PROMISE: Promise<string> = hashPassword(randomBytes(24).toString('base64'))
