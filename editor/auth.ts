/**
 * Who may edit: the editors' file (EDITOR_USERS_FILE, by default
 * .data/editors.json, outside git), each editor a name, an e-mail and an scrypt
 * password hash written by `npm run editor:user`. Editors are not shoppers, so
 * they are not accounts of the commerce platform, which stands in for an
 * external system the shop does not own (req EDIT-01).
 *
 * A login opens a session kept by the server (sessions.ts); its cookie is
 * HttpOnly, SameSite=Strict and scoped to the screen's own address. Changing
 * an editor's password or removing the editor ends their sessions.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DECOY_HASH_PROMISE, hashPassword, verifyPassword } from '../platform/identity/password'
import type { Editor } from './content'
import { replaceFile } from './files'
import { endSessionsOf, sessionsFileOf } from './sessions'

export interface EditorAccount extends Editor {
  passwordHash: string
}

export function readEditors(file: string): EditorAccount[] {
  if (!existsSync(file)) return []
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { editors?: EditorAccount[] }
  return (parsed.editors ?? []).filter((e) => typeof e.email === 'string' && typeof e.passwordHash === 'string')
}

/** Replaces the editors' file whole: the screen reads it on every request, and must never read half of it. */
function writeEditors(file: string, editors: readonly EditorAccount[]): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  replaceFile(file, JSON.stringify({ editors }, null, 2) + '\n', 0o600)
}

/**
 * Adds or replaces an editor in the file, hashing the password. A changed password ends every session the
 * editor had open, wherever: whoever learnt the old one keeps nothing it opened.
 */
export async function writeEditor(file: string, editor: Editor, password: string): Promise<void> {
  if (password.length < 12) throw new Error('la password deve avere almeno 12 caratteri')
  const email = editor.email.trim().toLowerCase()
  const passwordHash = await hashPassword(password)
  const editors = readEditors(file).filter((e) => e.email !== email)
  editors.push({ name: editor.name, email, passwordHash })
  writeEditors(file, editors)
  endSessionsOf(sessionsFileOf(file), email)
}

/** Removes an editor from the file and ends their sessions; false when the file has no such editor. */
export function removeEditor(file: string, email: string): boolean {
  const owner = email.trim().toLowerCase()
  const editors = readEditors(file)
  const kept = editors.filter((e) => e.email !== owner)
  if (kept.length === editors.length) return false
  writeEditors(file, kept)
  endSessionsOf(sessionsFileOf(file), owner)
  return true
}

/** The editor whose password matches, or null; an unknown e-mail costs the same time as a wrong password. */
export async function authenticate(editors: readonly EditorAccount[], email: string, password: string): Promise<EditorAccount | null> {
  const account = editors.find((e) => e.email === email.trim().toLowerCase())
  const ok = await verifyPassword(password, account?.passwordHash ?? (await DECOY_HASH_PROMISE))
  return account && ok ? account : null
}

/**
 * At most `limit` login attempts per address in a sliding window (10 in a quarter of an hour). An attempt is
 * taken before its password is checked, and given back when the password is right: attempts sent together
 * cannot all pass a check none of them has counted yet, since taking one is synchronous and the password's
 * slow hash comes after. Once an address has used them up, even the right password waits until its oldest
 * attempt leaves the window; other addresses are not slowed. The counts are this process's own.
 */
export class LoginThrottle {
  private readonly attempts = new Map<string, number[]>()
  private sweptAt = 0

  constructor(
    readonly limit = 10,
    readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Takes one of the address's attempts (answering when, to give it back), or answers how long until one frees. */
  take(key: string, now: number): { taken: number } | { retryAfterMs: number } {
    this.sweep(now)
    const recent = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs)
    if (recent.length >= this.limit) {
      this.attempts.set(key, recent)
      return { retryAfterMs: Math.max(1, recent[0]! + this.windowMs - now) }
    }
    recent.push(now)
    this.attempts.set(key, recent)
    return { taken: now }
  }

  /** Gives back an attempt whose password was right. */
  giveBack(key: string, taken: number): void {
    const recent = this.attempts.get(key)
    const at = recent?.lastIndexOf(taken) ?? -1
    if (at >= 0) recent!.splice(at, 1)
    if (recent?.length === 0) this.attempts.delete(key)
  }

  /** Forgets addresses whose attempts have all left the window, once a window, so the map holds only recent ones. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return
    this.sweptAt = now
    for (const [key, times] of this.attempts) if (times.every((t) => now - t >= this.windowMs)) this.attempts.delete(key)
  }
}
