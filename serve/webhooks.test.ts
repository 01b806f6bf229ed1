/**
 * The rebuild hooks on the real production server over a small project
 * folder: every attacker's request refused before anything is built, a
 * publish answered with a ticket that goes live, and a build that fails
 * halfway leaving the last good build serving.
 */
import { request as httpRequest } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildServer } from './app'
import { bearerMatches, CONTENT_FILES, HOOK_BODY_LIMIT, isJsonBody, isLoopback, registerBuildHooks } from './webhooks'
import { Releases } from '../releases/releases'
import { BuildRunner, type BuildExecutor } from '../releases/runner'

const TOKEN = 'a-hook-token-long-enough-for-tests'
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }

let project: string
let releases: Releases
let app: FastifyInstance
let runner: BuildRunner
/** What the next build does: writes this home page, or fails halfway through writing it. */
let nextBuild: { html: string; fail?: string }
let builds = 0
let base: string

const writeBuild = (html: string) => {
  mkdirSync(path.join(project, 'public'), { recursive: true })
  mkdirSync(path.join(project, '.cache'), { recursive: true })
  writeFileSync(path.join(project, 'public', 'index.html'), `<!DOCTYPE html><html><body>${html}</body></html>`)
  writeFileSync(path.join(project, '.cache', 'redirects.json'), '[]')
}

const execute: BuildExecutor = async (_job, stage) => {
  builds++
  releases.markBuilding()
  stage('pagine')
  // Like gatsby build: the project folder is rewritten in place, finished or not.
  writeBuild(nextBuild.html)
  if (nextBuild.fail) throw new Error(nextBuild.fail)
  await releases.release()
  return { pagesWritten: 1 }
}

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'zampa-hooks-'))
  writeBuild('prima versione')
  releases = new Releases(project)
  await releases.release()
  runner = new BuildRunner({ execute, log: () => undefined })
  app = await buildServer({
    siteDir: project,
    security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] },
    functions: [],
    currentSite: () => releases.currentDir()!,
    builds: { runner, token: TOKEN },
  })
  base = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await app.close()
  rmSync(project, { recursive: true, force: true })
})

interface Answer {
  statusCode: number
  headers: Record<string, string | string[] | undefined>
  body: string
  json<T = Record<string, unknown>>(): T
}

/** A raw request: any header a browser or an attacker would send, and a body of any size. */
function call(method: string, url: string, headers: Record<string, string> = {}, payload?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${url}`, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        resolve({ statusCode: response.statusCode!, headers: response.headers, body, json: <T>() => JSON.parse(body) as T })
      })
    })
    request.on('error', reject)
    request.end(payload)
  })
}

const home = async () => (await call('GET', '/', { accept: 'text/html' })).body
const publish = (headers: Record<string, string>, payload: string = JSON.stringify({ files: ['cms/top-header.json'] })) => call('POST', '/hooks/content', headers, payload)

describe('the rebuild hooks refuse', () => {
  beforeEach(() => {
    builds = 0
  })
  afterEach(() => expect(builds).toBe(0))

  it('a request without a token (401) and with a wrong one (403)', async () => {
    const none = await publish({ 'content-type': 'application/json' })
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer')
    expect((await publish({ ...auth, authorization: 'Bearer not-the-token' })).statusCode).toBe(403)
    expect((await publish({ ...auth, authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403)
    expect((await publish({ ...auth, authorization: TOKEN })).statusCode).toBe(403)
    const catalog = await call('POST', '/hooks/catalog', { ...auth, authorization: 'Bearer nope' }, '{"skus":["1"]}')
    expect(catalog.statusCode).toBe(403)
    expect((await call('GET', '/hooks/build')).statusCode).toBe(401)
  })

  it('a request a browser sends from another site, even with the token', async () => {
    const crossSite = await publish({ ...auth, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json()).toMatchObject({ error: { code: 'cross_site' } })
    expect((await publish({ ...auth, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403)
    expect((await publish({ ...auth, origin: 'null' })).statusCode).toBe(403)
  })

  it('a body over the limit, and one that is not what the hook takes', async () => {
    const huge = JSON.stringify({ files: ['x'.repeat(HOOK_BODY_LIMIT)] })
    expect((await publish(auth, huge)).statusCode).toBe(413)
    expect((await publish(auth, '{"files":')).statusCode).toBe(400)
    expect((await publish(auth, JSON.stringify({ files: ['a'], shell: 'rm -rf /' }))).statusCode).toBe(400)
    expect((await publish({ ...auth, 'content-type': 'text/plain' }, 'files')).statusCode).toBe(415)
  })

  it('a body that is not application/json, with the token, on the storefront server and on a server that reads text/plain (415)', async () => {
    const json = JSON.stringify({ files: ['cms/top-header.json'] })
    const types = ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/json; charset=latin1', 'text/plain; x=application/json']
    for (const type of types) expect([type, (await publish({ ...auth, 'content-type': type }, json)).statusCode]).toEqual([type, 415])
    expect((await call('POST', '/hooks/content', { authorization: auth.authorization }, json)).statusCode).toBe(415)
    // A server with fastify's own parsers, which read text/plain: the hooks refuse it by themselves.
    const plain = Fastify()
    let asked = 0
    registerBuildHooks(plain, { runner: { request: () => ++asked, status: () => runner.status() } as unknown as BuildRunner, token: TOKEN })
    for (const [url, payload] of [['/hooks/content', json], ['/hooks/catalog', '{"skus":["42"]}']] as const) {
      const answer = await plain.inject({ method: 'POST', url, headers: { authorization: auth.authorization, 'content-type': 'text/plain' }, payload })
      expect([url, answer.statusCode]).toEqual([url, 415])
    }
    expect(asked).toBe(0)
    await plain.close()
  })

  it('a file that is not a content file of cms/, with the token (400)', async () => {
    const files = ['../../etc/passwd', '/etc/passwd', 'cms/../package.json', 'cms/../../etc/passwd', 'cms/./menu.json', 'cms//menu.json', 'cms/schema/menu.ts', 'cms/nothing.json', 'menu.json', 'CMS/menu.json', 'cms\\menu.json', 'cms/menu.json\u0000', '']
    for (const file of files) {
      const answer = await publish(auth, JSON.stringify({ files: ['cms/top-header.json', file] }))
      expect([file, answer.statusCode]).toEqual([file, 400])
      expect(answer.json()).toMatchObject({ error: { code: 'bad_request' } })
    }
  })

  it('a sku or product that is not a plain id, with the token (400)', async () => {
    const ids = ['../x', '..', '.', 'a/b', 'a\\b', 'a b', '<script>', '-rf', 'a..b', '', 'x'.repeat(65), '42\n43']
    for (const id of ids) {
      expect([id, (await call('POST', '/hooks/catalog', auth, JSON.stringify({ skus: [id] }))).statusCode]).toEqual([id, 400])
      expect([id, (await call('POST', '/hooks/catalog', auth, JSON.stringify({ products: [id] }))).statusCode]).toEqual([id, 400])
    }
  })

  it('the content hook and the status through a proxy on this machine, even with the token', async () => {
    const forwarded = await publish({ ...auth, 'x-forwarded-for': '203.0.113.7' })
    expect(forwarded.statusCode).toBe(403)
    expect((await publish({ ...auth, forwarded: 'for=203.0.113.7' })).statusCode).toBe(403)
    expect((await call('GET', '/hooks/build?ticket=1', { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403)
  })

  it('the content hook and the status from another machine (only the connection’s own address counts)', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true)
    for (const address of [undefined, '203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', '127.0.0.1.evil']) expect(isLoopback(address)).toBe(false)
  })
})

describe('a publish through the hook', () => {
  it('answers a ticket at once and the storefront serves the new build once it is live', async () => {
    nextBuild = { html: 'seconda versione' }
    const answer = await publish(auth)
    expect(answer.statusCode).toBe(202)
    const { ticket } = answer.json<{ ticket: number }>()
    await runner.idle()
    const status = (await call('GET', `/hooks/build?ticket=${ticket}`, { authorization: auth.authorization })).json()
    expect(status).toMatchObject({ state: 'live', ticket: { number: ticket, state: 'live' }, lastLive: { pagesWritten: 1 } })
    expect(await home()).toContain('seconda versione')
  })

  it('keeps serving the last good build when a build fails halfway, and says why', async () => {
    const before = await home()
    expect(before).toContain('seconda versione')
    nextBuild = { html: 'MEZZA BUILD', fail: 'errore nei contenuti: cms/menu.json at "items[0].url": nessuna pagina' }
    const { ticket } = (await publish(auth)).json<{ ticket: number }>()
    await runner.idle()
    expect(await home()).toBe(before)
    expect(await home()).not.toContain('MEZZA BUILD')
    const status = (await call('GET', `/hooks/build?ticket=${ticket}`, { authorization: auth.authorization })).json()
    expect(status).toMatchObject({ state: 'failed', ticket: { state: 'failed', reason: expect.stringContaining('cms/menu.json') } })
    // A restart serves the last good build too, not the half-written project folder.
    expect(new Releases(project).interrupted()).toBe(true)
    expect(path.basename(new Releases(project).currentDir()!)).toBe(path.basename(releases.currentDir()!))
  })

  it('takes a catalog change from the platform by sku', async () => {
    nextBuild = { html: 'prezzi nuovi' }
    const answer = await call('POST', '/hooks/catalog', auth, JSON.stringify({ skus: ['42', 'SKU-7_b.2'], products: ['1001'] }))
    expect(answer.statusCode).toBe(202)
    await runner.idle()
    expect(await home()).toContain('prezzi nuovi')
  })
})

describe('what the hooks take', () => {
  it('names every content file of the registry, as the editing screen sends them', () => {
    expect([...CONTENT_FILES].sort()).toEqual(['cms/account-menu.json', 'cms/flyers.json', 'cms/footer.json', 'cms/home.json', 'cms/menu.json', 'cms/pages.json', 'cms/services-booking.json', 'cms/smart-banners.json', 'cms/top-header.json'])
  })

  it('takes JSON in UTF-8 only', () => {
    for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf-8"']) expect([type, isJsonBody(type)]).toEqual([type, true])
    for (const type of [undefined, '', 'text/plain', 'application/json-seq', 'application/json; charset=iso-8859-1', 'application/jsonx']) expect([type, isJsonBody(type)]).toEqual([type, false])
  })
})

describe('bearerMatches', () => {
  it('takes only the exact token after "Bearer "', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    for (const header of [undefined, '', 'Bearer', `Bearer  ${TOKEN}`, `bearer${TOKEN}`, `Basic ${TOKEN}`, `Bearer ${TOKEN.slice(0, -1)}`]) expect(bearerMatches(header, TOKEN)).toBe(false)
  })
})
