/**
 * Editors' sessions, kept by the server (req EDIT-16). The cookie holds only
 * a random token; the session's record is in a file beside the editors' file
 * (`.data/editors.json` → `.data/editors-sessions.json`), which stores only
 * the token's SHA-256, so the file alone opens no session. The file is read
 * afresh on every request and replaced whole by a rename, so every
 * editing-screen process sharing that folder sees the same sessions, and a
 * session ended in one is ended in all.
 *
 * A session ends at logout, when its editor ends it from the list of their
 * sessions, when the editor's password changes or the editor is removed,
 * after EDITOR_IDLE_MINUTES without a request (30 by default), and eight
 * hours after login whatever happens.
 */
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { replaceFile } from './files'

export const SESSION_COOKIE = 'editor_session'
/** The longest a session lasts, however active. */
export const SESSION_SECONDS = 8 * 60 * 60
export const DEFAULT_IDLE_MINUTES = 30

/** Who a session belongs to: the editor's e-mail and the password hash it was opened with. */
export interface SessionOwner {
  name: string
  email: string
  passwordHash: string
}

export interface SessionRecord {
  /** A random id of its own, named in the editor's list of sessions; never the token or its hash. */
  id: string
  /** SHA-256 of the cookie's token. */
  tokenHash: string
  email: string
  /** A digest of the password hash at login: a new password ends the session. */
  passwordStamp: string
  created: number
  lastSeen: number
  userAgent: string
}

/** A session as its editor sees it in the list. */
export interface SessionView {
  id: string
  created: string
  lastSeen: string
  userAgent: string
  current: boolean
}

/** The sessions' file of an editors' file: beside it, named after it. */
export const sessionsFileOf = (editorsFile: string): string =>
  path.join(path.dirname(editorsFile), `${path.basename(editorsFile, path.extname(editorsFile))}-sessions.json`)

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url')
export const passwordStamp = (passwordHash: string): string => sha256(`editor-password:${passwordHash}`)

/**
 * A request moves a session's last request only when it is this much older: each keystroke's check would
 * otherwise rewrite the file, and an idle limit counted in minutes loses nothing by it.
 */
const TOUCH_AFTER_MS = 5_000
/** A user agent is shown to its editor, never parsed: a long one is cut. */
const USER_AGENT_CHARS = 300

function readRecords(file: string): SessionRecord[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  try {
    const parsed = JSON.parse(text) as { sessions?: unknown }
    return Array.isArray(parsed.sessions) ? (parsed.sessions as SessionRecord[]).filter((s) => typeof s?.tokenHash === 'string' && typeof s.email === 'string') : []
  } catch {
    // A file no process of the screen wrote whole opens no session; the next write replaces it.
    return []
  }
}

/** How long a process waits for another to finish its change of the file, and when a lock counts as left behind. */
const LOCK_WAIT_MS = 5_000
const LOCK_STALE_MS = 10_000
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Runs `change` holding the file's lock (a lock file created exclusively), so two processes never both read the
 * file, change it and write it back, which would let one bring back a session the other had just ended. The
 * change itself is synchronous, so within a process nothing interleaves with it; the lock is held for one read
 * and one rename. A lock left by a process that died holding it is taken over once it is old.
 */
function underLock<T>(file: string, change: () => T): T {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const lock = `${file}.lock`
  const giveUpAt = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true })
    } catch {
      // Released meanwhile: try again at once.
      continue
    }
    if (Date.now() > giveUpAt) throw new Error(`the editors' sessions are locked by another process (${lock})`)
    Atomics.wait(pause, 0, 0, 5)
  }
  try {
    return change()
  } finally {
    rmSync(lock, { force: true })
  }
}

/** Replaces the file whole: a reader sees the sessions before or after a change, never half of it. */
function writeRecords(file: string, records: readonly SessionRecord[]): void {
  replaceFile(file, JSON.stringify({ sessions: records }, null, 2) + '\n', 0o600)
}

/** Changes the sessions' file: `change` gets the records read under the lock and answers those to keep. */
function rewrite<T>(file: string, change: (records: SessionRecord[]) => { keep: SessionRecord[]; result: T }): T {
  return underLock(file, () => {
    const before = readRecords(file)
    const { keep, result } = change(before)
    if (keep.length !== before.length || keep.some((record, i) => record !== before[i])) writeRecords(file, keep)
    return result
  })
}

/** Ends every session of an editor: their password changed, or they were removed. */
export function endSessionsOf(file: string, email: string): void {
  const owner = email.trim().toLowerCase()
  rewrite(file, (records) => ({ keep: records.filter((r) => r.email !== owner), result: undefined }))
}

export interface EditorSessionsOptions {
  /** Minutes without a request after which a session ends. */
  idleMinutes?: number
  /** The clock sessions are timed by. */
  now?: () => number
}

export class EditorSessions {
  private readonly idleMs: number
  private readonly now: () => number

  constructor(
    readonly file: string,
    options: EditorSessionsOptions = {},
  ) {
    const minutes = options.idleMinutes ?? DEFAULT_IDLE_MINUTES
    if (!(minutes > 0)) throw new Error(`the idle time of editors' sessions must be a positive number of minutes, not ${minutes}`)
    this.idleMs = minutes * 60 * 1000
    this.now = options.now ?? Date.now
  }

  /** Whether a record is still a session at `now`, by time alone. */
  private live(record: SessionRecord, now: number): boolean {
    return now - record.created < SESSION_SECONDS * 1000 && now - record.lastSeen < this.idleMs
  }

  /** Whether a record is still a session of this editor as the editors' file stands. */
  private owned(record: SessionRecord, editors: readonly SessionOwner[]): SessionOwner | null {
    const owner = editors.find((e) => e.email === record.email)
    return owner && passwordStamp(owner.passwordHash) === record.passwordStamp ? owner : null
  }

  /** Opens a session for an editor who just proved their password; answers the cookie's token. */
  open(owner: SessionOwner, userAgent = ''): string {
    const token = randomBytes(32).toString('base64url')
    const now = this.now()
    const record: SessionRecord = {
      id: randomBytes(12).toString('base64url'),
      tokenHash: sha256(token),
      email: owner.email,
      passwordStamp: passwordStamp(owner.passwordHash),
      created: now,
      lastSeen: now,
      userAgent: userAgent.slice(0, USER_AGENT_CHARS),
    }
    rewrite(this.file, (records) => ({ keep: [...records.filter((r) => this.live(r, now)), record], result: undefined }))
    return token
  }

  /**
   * The session a cookie's token opens, read from the file as it is now, or null. A request counts as the
   * editor's activity unless `touch` is false (a status the screen asks for by itself).
   */
  resolve(token: string | undefined, editors: readonly SessionOwner[], touch = true): { editor: { name: string; email: string }; session: SessionRecord } | null {
    if (!token) return null
    const tokenHash = sha256(token)
    const now = this.now()
    const record = readRecords(this.file).find((r) => r.tokenHash === tokenHash)
    const owner = record && this.live(record, now) ? this.owned(record, editors) : null
    if (!record || !owner) return null
    let session = record
    if (touch && now - record.lastSeen >= TOUCH_AFTER_MS) {
      // Read again under the lock: a session another process ended meanwhile stays ended.
      const touched = rewrite(this.file, (records) => {
        const keep = records.filter((r) => this.live(r, now)).map((r) => (r.tokenHash === tokenHash ? { ...r, lastSeen: now } : r))
        return { keep, result: keep.find((r) => r.tokenHash === tokenHash) ?? null }
      })
      if (!touched) return null
      session = touched
    }
    return { editor: { name: owner.name, email: owner.email }, session }
  }

  /** Ends the session a cookie's token opens (logout). */
  end(token: string | undefined): void {
    if (!token) return
    const tokenHash = sha256(token)
    rewrite(this.file, (records) => ({ keep: records.filter((r) => r.tokenHash !== tokenHash), result: undefined }))
  }

  /** Ends one of an editor's own sessions by its id; false when the editor has no session of that id. */
  endById(email: string, id: string): boolean {
    return rewrite(this.file, (records) => {
      const keep = records.filter((r) => !(r.id === id && r.email === email))
      return { keep, result: keep.length < records.length }
    })
  }

  /** An editor's sessions: this one first, then the most recently used. */
  list(owner: SessionOwner, currentId: string): SessionView[] {
    const now = this.now()
    return readRecords(this.file)
      .filter((r) => r.email === owner.email && this.live(r, now) && this.owned(r, [owner]))
      .sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.lastSeen - a.lastSeen)
      .map((r) => ({ id: r.id, created: new Date(r.created).toISOString(), lastSeen: new Date(r.lastSeen).toISOString(), userAgent: r.userAgent, current: r.id === currentId }))
  }
}
