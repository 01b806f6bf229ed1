import type { FastifyInstance } from 'fastify'
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { writeEditor } from './auth'
import { buildEditorServer } from './server'
import { contentRepository, linkedPaths } from '../tests/support/contentRepo'

let origin = ''
let host = ''
let root: string
let app: FastifyInstance
let usersDir: string

beforeAll(async () => {
  root = contentRepository()
  usersDir = mkdtempSync(path.join(os.tmpdir(), 'editors-'))
  const editorsFile = path.join(usersDir, 'editors.json')
  await writeEditor(editorsFile, { name: 'Giulia Rossi', email: 'giulia@example.com' }, 'una-password-lunga')
  app = await buildEditorServer({ repository: { root, sitePaths: () => linkedPaths() }, editorsFile })
  origin = await app.listen({ host: '127.0.0.1', port: 0 })
  host = new URL(origin).host
})

interface Answer {
  statusCode: number
  body: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any
  cookies: { name: string; value: string; httpOnly: boolean; sameSite?: string }[]
  headers: http.IncomingHttpHeaders
}

/** A raw request: fetch would not let a test set Origin and Host as an attacker's browser or script could. */
function send(options: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer | object }): Promise<Answer> {
  const body = options.payload === undefined ? undefined : Buffer.isBuffer(options.payload) || typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload)
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${options.url}`, { method: options.method, headers: options.headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (c: Buffer) => chunks.push(c))
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const cookies = (response.headers['set-cookie'] ?? []).map((line) => {
          const [pair, ...attributes] = line.split(';').map((p) => p.trim())
          const [name, ...value] = pair!.split('=')
          const sameSite = attributes.find((a) => /^samesite=/i.test(a))?.split('=')[1]
          return { name: name!, value: value.join('='), httpOnly: attributes.some((a) => /^httponly$/i.test(a)), sameSite }
        })
        resolve({ statusCode: response.statusCode!, body: text, json: () => JSON.parse(text), cookies, headers: response.headers })
      })
    })
    request.on('error', reject)
    request.end(body)
  })
}
afterAll(async () => {
  await app.close()
  rmSync(root, { recursive: true, force: true })
  rmSync(usersDir, { recursive: true, force: true })
})

async function login(): Promise<string> {
  const response = await send({ method: 'POST', url: '/login', headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=giulia%40example.com&password=una-password-lunga' })
  expect(response.statusCode).toBe(303)
  const cookie = response.cookies.find((c) => c.name === 'editor_session')!
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
  return `editor_session=${cookie.value}`
}

describe('access (req EDIT-01, EDIT-02)', () => {
  it('answers 401 without a session: the screen, its script, its reads and its writes', async () => {
    const screen = await send({ method: 'GET', url: '/', headers: { host } })
    expect(screen.statusCode).toBe(401)
    expect(screen.body).toContain('action="/login"')
    for (const [method, url] of [
      ['GET', '/editor.js'],
      ['GET', '/api/content/menu'],
      ['GET', '/api/history/menu'],
    ] as const)
      expect((await send({ method, url, headers: { host } })).statusCode).toBe(401)
    for (const [method, url] of [
      ['PUT', '/api/content/menu'],
      ['POST', '/api/validate/menu'],
      ['POST', '/api/content/menu/restore'],
    ] as const)
      expect((await send({ method, url, headers: { host, origin, 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(401)
  })

  it('refuses a wrong password and a forged or foreign cookie', async () => {
    const wrong = await send({ method: 'POST', url: '/login', headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=giulia%40example.com&password=sbagliata' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.cookies).toHaveLength(0)
    const cookie = await login()
    const token = cookie.slice('editor_session='.length)
    for (const forged of [`${token.slice(0, -4)}AAAA`, `${token}A`, token.slice(1), 'x'.repeat(token.length)])
      expect((await send({ method: 'GET', url: '/api/content/menu', headers: { host, cookie: `editor_session=${forged}` } })).statusCode).toBe(401)
  })

  it('refuses a write another site started, even with the editor’s session', async () => {
    const cookie = await login()
    const { version, data } = JSON.parse((await send({ method: 'GET', url: '/api/content/topHeader', headers: { host, cookie } })).body)
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}, { origin, 'sec-fetch-site': 'cross-site' }]
    for (const headers of attempts) {
      const response = await send({ method: 'PUT', url: '/api/content/topHeader', headers: { host, cookie, 'content-type': 'application/json', ...headers }, payload: { data: { ...data, promoPhrase: 'x' }, version } })
      expect(response.statusCode).toBe(403)
    }
    expect(JSON.parse(readFileSync(path.join(root, 'cms', 'top-header.json'), 'utf8')).promoPhrase).toBe(data.promoPhrase)
  })

  it('serves the screen and publishes for a logged-in editor', async () => {
    const cookie = await login()
    expect((await send({ method: 'GET', url: '/', headers: { host, cookie } })).body).toContain('/editor.js')
    const { version, data } = JSON.parse((await send({ method: 'GET', url: '/api/content/topHeader', headers: { host, cookie } })).body)
    const put = await send({ method: 'PUT', url: '/api/content/topHeader', headers: { host, cookie, origin, 'content-type': 'application/json' }, payload: { data: { ...data, promoPhrase: 'Dal server' }, version } })
    expect(put.statusCode).toBe(200)
    const bad = await send({ method: 'PUT', url: '/api/content/topHeader', headers: { host, cookie, origin, 'content-type': 'application/json' }, payload: { data: { ...data, promoPhrase: '<script>x</script>' }, version: put.json().version } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().problems[0]).toMatchObject({ field: 'promoPhrase' })
  })
})

describe('pictures (req EDIT-06)', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])

  it('stores a picture under static/cms/ with a safe name and commits it', async () => {
    const cookie = await login()
    const response = await send({ method: 'POST', url: '/api/pictures?name=../../Banner%20Estate.png', headers: { host, cookie, origin, 'content-type': 'image/png' }, payload: png })
    expect(response.statusCode).toBe(200)
    const stored = response.json().path as string
    expect(stored).toMatch(/^\/cms\/banner-estate-[0-9a-f]{8}\.png$/)
    expect(existsSync(path.join(root, 'static', stored))).toBe(true)
  })

  it('refuses what is not a picture, a picture of another type than declared, and one over 2 MB', async () => {
    const cookie = await login()
    const post = (payload: Buffer, type: string) => send({ method: 'POST', url: '/api/pictures?name=x.png', headers: { host, cookie, origin, 'content-type': type }, payload })
    expect((await post(Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml')).statusCode).toBe(415)
    expect((await post(Buffer.from('<html>'), 'image/png')).statusCode).toBe(415)
    expect((await post(png, 'image/jpeg')).statusCode).toBe(415)
    expect((await post(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png')).statusCode).toBe(413)
  })
})

describe('shoppers’ pages (req EDIT-01)', () => {
  it('carry nothing of the editing screen: no page, component or browser entry imports it', () => {
    const repo = path.resolve(__dirname, '..')
    const files = execFileSync('git', ['ls-files', 'src', 'gatsby-browser.tsx', 'gatsby-ssr.tsx', 'gatsby-config.ts', 'static'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean)
    expect(files.length).toBeGreaterThan(100)
    const importing = files.filter((file) => /\.(tsx?|js)$/.test(file) && /(^|['"/])editor\/|editor\.js|editor_session/.test(readFileSync(path.join(repo, file), 'utf8')))
    expect(importing).toEqual([])
  })
})

describe('the preview (req EDIT-12)', () => {
  it('answers 401 without a session: the preview, its script, the draft as built and the pictures', async () => {
    for (const url of ['/preview', '/preview.js', '/cms/logo.png']) expect((await send({ method: 'GET', url, headers: { host } })).statusCode).toBe(401)
    expect((await send({ method: 'POST', url: '/api/preview/topHeader', headers: { host, origin, 'content-type': 'application/json' }, payload: { data: {} } })).statusCode).toBe(401)
    const cookie = await login()
    expect((await send({ method: 'POST', url: '/api/preview/topHeader', headers: { host, cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, payload: { data: {} } })).statusCode).toBe(403)
  })

  it('lets only the screen itself frame the preview, which fetches nothing; every other page refuses any frame', async () => {
    const cookie = await login()
    const preview = await send({ method: 'GET', url: '/preview', headers: { host, cookie } })
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(preview.headers['content-security-policy']).toContain("connect-src 'none'")
    const screen = await send({ method: 'GET', url: '/', headers: { host, cookie } })
    expect(screen.headers['x-frame-options']).toBe('DENY')
    expect(screen.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })

  it('carries every content file as published, as the build reads it, with nothing that closes its script element', async () => {
    const cookie = await login()
    const { body } = await send({ method: 'GET', url: '/preview', headers: { host, cookie } })
    const json = body.match(/<script type="application\/json" id="published">(.*?)<\/script>/s)![1]!
    const published = JSON.parse(json) as Record<string, unknown>
    expect(Object.keys(published).sort()).toEqual(['accountMenu', 'flyers', 'footer', 'home', 'menu', 'pages', 'servicesBooking', 'smartBanners', 'topHeader'])
    // The schema's defaults are filled in, as the components get them from the build.
    expect((published.menu as { items: { isDesktop: boolean }[] }).items[0]!.isDesktop).toBe(true)
    expect(json).not.toMatch(/<\//)
  })

  it('answers a draft as the build would read it: defaults filled and HTML sanitised; null when the schema refuses it', async () => {
    const cookie = await login()
    const headers = { host, cookie, origin, 'content-type': 'application/json' }
    const built = await send({ method: 'POST', url: '/api/preview/topHeader', headers, payload: { data: { links: [{ label: 'Negozi', url: '/negozi' }], promoPhrase: 'Oggi <strong>gratis</strong><img src=x onerror=alert(1)>' } } })
    expect(built.json().data).toEqual({ links: [{ label: 'Negozi', url: '/negozi', openInNewTab: false }], promoPhrase: 'Oggi <strong>gratis</strong>' })
    const refused = await send({ method: 'POST', url: '/api/preview/topHeader', headers, payload: { data: { links: [] } } })
    expect(refused.json()).toEqual({ data: null })
    expect((await send({ method: 'POST', url: '/api/preview/nothing', headers, payload: { data: {} } })).statusCode).toBe(404)
  })

  it('serves pictures from static/cms/ only', async () => {
    const cookie = await login()
    mkdirSync(path.join(root, 'static', 'cms'), { recursive: true })
    writeFileSync(path.join(root, 'static', 'cms', 'anteprima.png'), 'png bytes')
    const picture = await send({ method: 'GET', url: '/cms/anteprima.png', headers: { host, cookie } })
    expect([picture.statusCode, picture.headers['content-type'], picture.body]).toEqual([200, 'image/png', 'png bytes'])
    const statuses: Record<string, number> = {}
    for (const url of ['/cms/../../package.json', '/cms/%2e%2e/%2e%2e/package.json', '/cms/..%2f..%2fpackage.json', '/cms/missing.png', '/cms/anteprima.txt'])
      statuses[url] = (await send({ method: 'GET', url, headers: { host, cookie } })).statusCode
    expect(Object.values(statuses).every((s) => s === 404 || s === 401)).toBe(true)
    expect(statuses['/cms/missing.png']).toBe(404)
  })
})

/**
 * Screens of their own for the login's limit and the origin rule, each with its own editors' folder and clock,
 * reached in process (fastify's inject) so each request can name the address it comes from.
 */
interface Screen {
  app: FastifyInstance
  clock: { now: number }
  folder: string
  secure: boolean
}
const screens: Screen[] = []
const SCREEN_HOST = 'editor.example'
async function screen(options: { secureCookie?: boolean; trustProxy?: string[] } = {}): Promise<Screen> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'editors-'))
  const editorsFile = path.join(folder, 'editors.json')
  await writeEditor(editorsFile, { name: 'Giulia Rossi', email: 'giulia@example.com' }, 'una-password-lunga')
  const clock = { now: Date.parse('2026-03-02T09:00:00Z') }
  const built = await buildEditorServer({ repository: { root, sitePaths: () => linkedPaths() }, editorsFile, now: () => clock.now, ...options })
  const made = { app: built, clock, folder, secure: options.secureCookie ?? false }
  screens.push(made)
  return made
}
afterAll(async () => {
  for (const made of screens) {
    await made.app.close()
    rmSync(made.folder, { recursive: true, force: true })
  }
})

const form = (email: string, password: string) => `email=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`
const logIn = (made: Screen, password: string, from = '203.0.113.10', headers: Record<string, string> = {}) =>
  made.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: from,
    headers: { host: SCREEN_HOST, origin: `http://${SCREEN_HOST}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form('giulia@example.com', password),
  })
const MINUTE = 60 * 1000

describe('the login’s limit (req EDIT-01)', () => {
  it('takes each attempt before the password is checked: of 40 wrong passwords sent at once, at most 10 are checked (401), the rest answer 429', async () => {
    const made = await screen()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => logIn(made, `sbagliata-numero-${i}`)))
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10)
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([])
    const refused = answers.find((answer) => answer.statusCode === 429)!
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect(refused.body).toContain('Troppi tentativi di accesso da questa connessione: riprova tra 15 minuti.')
    expect(answers.flatMap((answer) => answer.cookies)).toEqual([])
  })

  it('refuses even the right password from that address until the window has passed, while the editor logs in from another address', async () => {
    const made = await screen()
    for (let i = 0; i < 10; i++) expect((await logIn(made, `sbagliata-numero-${i}`)).statusCode).toBe(401)
    const right = await logIn(made, 'una-password-lunga')
    expect(right.statusCode).toBe(429)
    expect(right.cookies).toEqual([])
    expect((await logIn(made, 'una-password-lunga', '198.51.100.20')).statusCode).toBe(303)
    made.clock.now += 14 * MINUTE
    expect((await logIn(made, 'una-password-lunga')).statusCode).toBe(429)
    made.clock.now += MINUTE
    expect((await logIn(made, 'una-password-lunga')).statusCode).toBe(303)
  })

  it('gives a right password its attempt back, so an editor who logs in again and again is never slowed', async () => {
    const made = await screen()
    for (let i = 0; i < 9; i++) expect((await logIn(made, `sbagliata-numero-${i}`)).statusCode).toBe(401)
    for (let i = 0; i < 15; i++) expect([i, (await logIn(made, 'una-password-lunga')).statusCode]).toEqual([i, 303])
    expect((await logIn(made, 'sbagliata-ancora')).statusCode).toBe(401)
    expect((await logIn(made, 'una-password-lunga')).statusCode).toBe(429)
  })

  it('behind a trusted proxy counts each editor’s own address, not the proxy’s that every editor shares', async () => {
    const made = await screen({ trustProxy: ['127.0.0.1'] })
    const through = (client: string) => ({ 'x-forwarded-for': client })
    for (let i = 0; i < 10; i++) expect((await logIn(made, `sbagliata-numero-${i}`, '127.0.0.1', through('203.0.113.30'))).statusCode).toBe(401)
    expect((await logIn(made, 'una-password-lunga', '127.0.0.1', through('203.0.113.30'))).statusCode).toBe(429)
    expect((await logIn(made, 'una-password-lunga', '127.0.0.1', through('198.51.100.30'))).statusCode).toBe(303)
    // Only that proxy is believed: another sender naming an address of its choice is counted as itself.
    for (let i = 0; i < 10; i++) expect((await logIn(made, `sbagliata-numero-${i}`, '203.0.113.31', through(`198.51.100.${i}`))).statusCode).toBe(401)
    expect((await logIn(made, 'una-password-lunga', '203.0.113.31', through('198.51.100.99'))).statusCode).toBe(429)
  })
})

describe('writes compare the scheme too (req EDIT-02)', () => {
  /** A write sent with `origin` by an editor logged in from the screen's own page. */
  const write = async (made: Screen, origin: string) => {
    const own = `${made.secure ? 'https' : 'http'}://${SCREEN_HOST}`
    const login = await logIn(made, 'una-password-lunga', '198.51.100.40', { origin: own })
    expect(login.statusCode).toBe(303)
    const cookie = `editor_session=${login.cookies.find((c) => c.name === 'editor_session')!.value}`
    const read = await made.app.inject({ method: 'GET', url: '/api/content/topHeader', headers: { host: SCREEN_HOST, cookie } })
    const { data, version } = read.json() as { data: Record<string, unknown>; version: string }
    return made.app.inject({
      method: 'PUT',
      url: '/api/content/topHeader',
      headers: { host: SCREEN_HOST, origin, cookie, 'content-type': 'application/json' },
      payload: { data: { ...data, promoPhrase: `Scritto da ${origin}` }, version },
    })
  }

  it('refuses https://host on a screen served over http, and http://host on one behind TLS (secure cookies); passes the screen’s own origin', async () => {
    const plain = await screen()
    const tls = await screen({ secureCookie: true })
    expect((await write(plain, `https://${SCREEN_HOST}`)).statusCode).toBe(403)
    expect((await write(tls, `http://${SCREEN_HOST}`)).statusCode).toBe(403)
    expect((await write(tls, `https://${SCREEN_HOST}`)).statusCode).toBe(200)
    expect((await write(plain, `http://${SCREEN_HOST}`)).statusCode).toBe(200)
  })
})
