/**
 * Editors' sessions kept by the server (req EDIT-16): each way a session ends,
 * as an attacker holding a copy of the cookie would try to go on using it, with
 * a clock the tests move; two screens sharing the editors' folder; the list of
 * one's own sessions.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { removeEditor, writeEditor } from './auth'
import { buildEditorServer, type EditorServerOptions } from './server'
import { EditorSessions, sessionsFileOf } from './sessions'
import { contentRepository, linkedPaths } from '../tests/support/contentRepo'

const HOST = 'editor.example'
const ORIGIN = `http://${HOST}`
const MINUTE = 60 * 1000
const GIULIA = 'giulia@example.com'
const LUCA = 'luca@example.com'
const PASSWORD = 'una-password-lunga'

let root: string
let folder: string
let editorsFile: string
const START = Date.parse('2026-03-02T09:00:00Z')
const clock = { now: START }
const opened: FastifyInstance[] = []

async function screen(options: Partial<EditorServerOptions> = {}): Promise<FastifyInstance> {
  const app = await buildEditorServer({ repository: { root, sitePaths: () => linkedPaths() }, editorsFile, now: () => clock.now, ...options })
  opened.push(app)
  return app
}

beforeAll(() => {
  root = contentRepository()
})
beforeEach(async () => {
  clock.now = START
  folder = mkdtempSync(path.join(os.tmpdir(), 'editors-'))
  editorsFile = path.join(folder, 'editors.json')
  await writeEditor(editorsFile, { name: 'Giulia Rossi', email: GIULIA }, PASSWORD)
  await writeEditor(editorsFile, { name: 'Luca Verdi', email: LUCA }, PASSWORD)
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()))
  rmSync(folder, { recursive: true, force: true })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0'

async function login(app: FastifyInstance, email = GIULIA, userAgent = CHROME): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { host: HOST, origin: ORIGIN, 'user-agent': userAgent, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}&password=${PASSWORD}`,
  })
  expect(response.statusCode).toBe(303)
  return `editor_session=${response.cookies.find((c) => c.name === 'editor_session')!.value}`
}
const read = (app: FastifyInstance, cookie: string, url = '/api/content/menu') => app.inject({ method: 'GET', url, headers: { host: HOST, cookie } })
const status = async (app: FastifyInstance, cookie: string, url?: string) => (await read(app, cookie, url)).statusCode
const write = (app: FastifyInstance, method: 'POST' | 'DELETE', url: string, cookie: string, headers: Record<string, string> = { origin: ORIGIN }): Promise<LightMyRequestResponse> =>
  app.inject({ method, url, headers: { host: HOST, cookie, ...headers } })
const listOf = async (app: FastifyInstance, cookie: string) =>
  (await read(app, cookie, '/api/sessions')).json<{ sessions: { id: string; created: string; lastSeen: string; userAgent: string; current: boolean }[] }>().sessions

describe('an editor’s session is kept by the server', () => {
  it('gives the browser only a random token; the file beside the editors’ file holds its hash, never the token', async () => {
    const app = await screen()
    const cookie = await login(app)
    const token = cookie.slice('editor_session='.length)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const file = sessionsFileOf(editorsFile)
    expect(file).toBe(path.join(folder, 'editors-sessions.json'))
    const stored = readFileSync(file, 'utf8')
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(PASSWORD)
    expect(JSON.parse(stored).sessions).toEqual([expect.objectContaining({ email: GIULIA, userAgent: CHROME, tokenHash: expect.any(String) })])
  })

  it('ends at logout: the cookie copied before logging out opens nothing afterwards', async () => {
    const app = await screen()
    const cookie = await login(app)
    expect(await status(app, cookie)).toBe(200)
    const out = await write(app, 'POST', '/logout', cookie)
    expect(out.statusCode).toBe(303)
    expect(out.cookies.find((c) => c.name === 'editor_session')?.value).toBe('')
    expect(await status(app, cookie)).toBe(401)
    expect(await status(app, cookie, '/')).toBe(401)
    // Logging out again, with the ended session's cookie, still lands on the login; from another site it is refused.
    expect((await write(app, 'POST', '/logout', cookie)).headers.location).toBe('/login')
    expect((await write(app, 'POST', '/logout', cookie, { origin: 'https://evil.example' })).statusCode).toBe(403)
  })

  it('ends every session of an editor whose password changes (npm run editor:user), and no one else’s', async () => {
    const app = await screen()
    const office = await login(app)
    const home = await login(app, GIULIA, FIREFOX)
    const other = await login(app, LUCA)
    await writeEditor(editorsFile, { name: 'Giulia Rossi', email: GIULIA }, 'una-password-nuova-e-lunga')
    expect(await status(app, office)).toBe(401)
    expect(await status(app, home)).toBe(401)
    expect(await status(app, other)).toBe(200)
  })

  it('ends with a password changed in the editors’ file by any other means', async () => {
    const app = await screen()
    const cookie = await login(app)
    // The editors' file rewritten by hand with another hash, the sessions' file left as it was.
    const sessions = readFileSync(sessionsFileOf(editorsFile), 'utf8')
    const other = path.join(mkdtempSync(path.join(os.tmpdir(), 'editors-')), 'editors.json')
    await writeEditor(other, { name: 'Giulia Rossi', email: GIULIA }, 'una-password-nuova-e-lunga')
    const current = JSON.parse(readFileSync(editorsFile, 'utf8')) as { editors: { email: string; passwordHash: string }[] }
    const changed = JSON.parse(readFileSync(other, 'utf8')) as { editors: { passwordHash: string }[] }
    current.editors.find((e) => e.email === GIULIA)!.passwordHash = changed.editors[0]!.passwordHash
    writeFileSync(editorsFile, JSON.stringify(current))
    writeFileSync(sessionsFileOf(editorsFile), sessions)
    rmSync(path.dirname(other), { recursive: true, force: true })
    expect(await status(app, cookie)).toBe(401)
  })

  it('ends the sessions of a removed editor (npm run editor:user -- --remove)', async () => {
    const app = await screen()
    const cookie = await login(app)
    const other = await login(app, LUCA)
    expect(removeEditor(editorsFile, GIULIA)).toBe(true)
    expect(removeEditor(editorsFile, GIULIA)).toBe(false)
    expect(await status(app, cookie)).toBe(401)
    expect(JSON.parse(readFileSync(sessionsFileOf(editorsFile), 'utf8')).sessions.map((s: { email: string }) => s.email)).toEqual([LUCA])
    expect(await status(app, other)).toBe(200)
    // Added again with the same password, the editor must log in again: the old cookie stays ended.
    await writeEditor(editorsFile, { name: 'Giulia Rossi', email: GIULIA }, PASSWORD)
    expect(await status(app, cookie)).toBe(401)
  })

  it('ends after the idle minutes without a request, counting the editor’s requests but not the build status the screen polls by itself', async () => {
    const app = await screen({ idleMinutes: 30 })
    const cookie = await login(app)
    clock.now += 29 * MINUTE
    expect(await status(app, cookie)).toBe(200)
    clock.now += 29 * MINUTE
    expect(await status(app, cookie)).toBe(200)
    // Only the screen's own poll for 31 minutes: the session ends all the same.
    for (let i = 0; i < 5; i++) {
      clock.now += 5 * MINUTE
      expect(await status(app, cookie, '/api/build')).toBe(200)
    }
    clock.now += 6 * MINUTE
    expect(await status(app, cookie, '/api/build')).toBe(401)
    expect(await status(app, cookie)).toBe(401)
  })

  it('takes its idle minutes from the screen’s setting (EDITOR_IDLE_MINUTES)', async () => {
    const app = await screen({ idleMinutes: 5 })
    const cookie = await login(app)
    clock.now += 4 * MINUTE
    expect(await status(app, cookie)).toBe(200)
    clock.now += 5 * MINUTE
    expect(await status(app, cookie)).toBe(401)
    await expect(screen({ idleMinutes: 0 })).rejects.toThrow(/positive number of minutes/)
  })

  it('ends eight hours after login however active the editor is', async () => {
    const app = await screen()
    const cookie = await login(app)
    for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
      clock.now += 20 * MINUTE
      expect([minutes, await status(app, cookie)]).toEqual([minutes, 200])
    }
    clock.now += 20 * MINUTE
    expect(await status(app, cookie)).toBe(401)
  })

  it('is shared by two screens over the same editors’ folder: opened on one, used on the other, ended on either for both', async () => {
    const first = await screen()
    const second = await screen()
    const cookie = await login(first)
    expect(await status(second, cookie)).toBe(200)
    expect((await write(second, 'POST', '/logout', cookie)).statusCode).toBe(303)
    expect(await status(first, cookie)).toBe(401)
    // A password changed while each screen keeps running ends the sessions on both.
    const again = await login(second)
    expect(await status(first, again)).toBe(200)
    await writeEditor(editorsFile, { name: 'Giulia Rossi', email: GIULIA }, 'una-password-nuova-e-lunga')
    expect([await status(first, again), await status(second, again)]).toEqual([401, 401])
  })
})

describe('the editor’s list of their sessions', () => {
  it('lists the editor’s own sessions, with when each was opened and last used, its browser and which is this one; nothing of another editor’s', async () => {
    const app = await screen()
    const office = await login(app, GIULIA, CHROME)
    clock.now += 10 * MINUTE
    const home = await login(app, GIULIA, FIREFOX)
    await login(app, LUCA)
    const list = await listOf(app, office)
    expect(list).toHaveLength(2)
    expect(list.map((s) => [s.userAgent, s.current])).toEqual([
      [CHROME, true],
      [FIREFOX, false],
    ])
    // This request is the office session's latest.
    expect([list[0]!.created, list[0]!.lastSeen]).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-02T09:10:00.000Z'])
    expect([list[1]!.created, list[1]!.lastSeen]).toEqual(['2026-03-02T09:10:00.000Z', '2026-03-02T09:10:00.000Z'])
    const text = JSON.stringify(list)
    for (const secret of [office, home].map((cookie) => cookie.slice('editor_session='.length))) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/tokenHash|passwordStamp/)
  })

  it('ends one of them by its id: that cookie opens nothing afterwards, the others go on', async () => {
    const app = await screen()
    const office = await login(app, GIULIA, CHROME)
    const left = await login(app, GIULIA, FIREFOX)
    const target = (await listOf(app, office)).find((s) => !s.current)!
    const ended = await write(app, 'DELETE', `/api/sessions/${target.id}`, office)
    expect(ended.statusCode).toBe(200)
    expect(await status(app, left)).toBe(401)
    expect(await status(app, office)).toBe(200)
    expect((await listOf(app, office)).map((s) => s.userAgent)).toEqual([CHROME])
  })

  it('never ends another editor’s session, nor one asked for by another site', async () => {
    const app = await screen()
    const giulia = await login(app, GIULIA)
    const luca = await login(app, LUCA)
    const [lucas] = await listOf(app, luca)
    const foreign = await write(app, 'DELETE', `/api/sessions/${lucas!.id}`, giulia)
    expect(foreign.statusCode).toBe(404)
    expect(await status(app, luca)).toBe(200)
    const [own] = await listOf(app, giulia)
    const foreignWrites: Record<string, string>[] = [{}, { origin: 'https://evil.example' }, { origin: `https://${HOST}` }, { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }]
    for (const headers of foreignWrites)
      expect((await write(app, 'DELETE', `/api/sessions/${own!.id}`, giulia, headers)).statusCode).toBe(403)
    expect(await status(app, giulia)).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/sessions', headers: { host: HOST } })).statusCode).toBe(401)
  })

  it('ending this very session clears its cookie too', async () => {
    const app = await screen()
    const cookie = await login(app)
    const [own] = await listOf(app, cookie)
    const ended = await write(app, 'DELETE', `/api/sessions/${own!.id}`, cookie)
    expect(ended.json()).toEqual({ ended: own!.id, current: true })
    expect(ended.cookies.find((c) => c.name === 'editor_session')?.value).toBe('')
    expect(await status(app, cookie)).toBe(401)
  })
})

describe('the sessions’ file', () => {
  it('waits for another process that holds its lock, and takes over a lock left behind by one that died', async () => {
    const file = sessionsFileOf(editorsFile)
    const sessions = new EditorSessions(file, { now: () => clock.now })
    const owner = { name: 'Giulia Rossi', email: GIULIA, passwordHash: 'scrypt$x' }
    // Another process holds the lock and lets it go a moment later.
    writeFileSync(`${file}.lock`, '')
    const other = spawn(process.execPath, ['-e', `setTimeout(() => require('node:fs').rmSync(${JSON.stringify(`${file}.lock`)}), 400)`], { stdio: 'ignore' })
    const exited = new Promise((resolve) => other.on('exit', resolve))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = Date.now()
    const token = sessions.open(owner)
    expect(Date.now() - started).toBeGreaterThanOrEqual(200)
    await exited
    expect(sessions.resolve(token, [owner])).not.toBeNull()
    // A lock nobody released, from long ago.
    writeFileSync(`${file}.lock`, '')
    const old = new Date(Date.now() - 60 * 60 * 1000)
    utimesSync(`${file}.lock`, old, old)
    sessions.end(token)
    expect(sessions.resolve(token, [owner])).toBeNull()
  })
})
