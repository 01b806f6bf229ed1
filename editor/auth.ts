/**
 * Who may edit: the editors' file (EDITOR_USERS_FILE, by default
 * .data/editors.json, outside git), each editor a name, an e-mail and an scrypt
 * password hash written by `npm run editor:user`. Editors are not shoppers, so
 * they are not accounts of the commerce platform, which stands in for an
 * external system the shop does not own (req EDIT-01).
 *
 * A login gives an HMAC-signed session cookie: HttpOnly, SameSite=Strict,
 * scoped to the screen's own address, valid for eight hours.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DECOY_HASH_PROMISE, hashPassword, verifyPassword } from '../platform/identity/password'
import type { Editor } from './content'

export interface EditorAccount extends Editor {
  passwordHash: string
}

export const SESSION_COOKIE = 'editor_session'
export const SESSION_SECONDS = 8 * 60 * 60

export function readEditors(file: string): EditorAccount[] {
  if (!existsSync(file)) return []
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { editors?: EditorAccount[] }
  return (parsed.editors ?? []).filter((e) => typeof e.email === 'string' && typeof e.passwordHash === 'string')
}

/** Adds or replaces an editor in the file, hashing the password. */
export async function writeEditor(file: string, editor: Editor, password: string): Promise<void> {
  if (password.length < 12) throw new Error('la password deve avere almeno 12 caratteri')
  const editors = readEditors(file).filter((e) => e.email.toLowerCase() !== editor.email.toLowerCase())
  editors.push({ name: editor.name, email: editor.email.toLowerCase(), passwordHash: await hashPassword(password) })
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify({ editors }, null, 2) + '\n', { mode: 0o600 })
}

/** The editor whose password matches, or null; an unknown e-mail costs the same time as a wrong password. */
export async function authenticate(editors: readonly EditorAccount[], email: string, password: string): Promise<Editor | null> {
  const account = editors.find((e) => e.email === email.trim().toLowerCase())
  const ok = await verifyPassword(password, account?.passwordHash ?? (await DECOY_HASH_PROMISE))
  return account && ok ? { name: account.name, email: account.email } : null
}

export class Sessions {
  private readonly secret: Buffer
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32)
  }

  issue(editor: Editor, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ n: editor.name, e: editor.email, x: now + SESSION_SECONDS * 1000 })).toString('base64url')
    return `${body}.${this.sign(body)}`
  }

  /** The editor a cookie names, if it is signed by this screen, unexpired, and the editor still in the file. */
  read(cookie: string | undefined, editors: readonly EditorAccount[], now = Date.now()): Editor | null {
    if (!cookie) return null
    const [body, signature] = cookie.split('.')
    if (!body || !signature) return null
    const expected = Buffer.from(this.sign(body))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    try {
      const { n, e, x } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { n: string; e: string; x: number }
      if (typeof x !== 'number' || x < now) return null
      if (!editors.some((account) => account.email === e)) return null
      return { name: n, email: e }
    } catch {
      return null
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url')
  }
}

/** At most this many failed logins per address in a quarter of an hour. */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>()
  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  blocked(key: string, now = Date.now()): boolean {
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs)
    this.failures.set(key, recent)
    return recent.length >= this.limit
  }

  fail(key: string, now = Date.now()): void {
    this.failures.set(key, [...(this.failures.get(key) ?? []), now])
  }
}
