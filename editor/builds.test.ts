/**
 * The editing screen and the storefront server together: a publish asks the
 * real rebuild hook for a build, the screen follows it to live or failed, the
 * hook's token never reaches the editor's browser, and a storefront that does
 * not answer leaves the publish committed and says so.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { registerBuildHooks } from '../serve/webhooks'
import { BuildRunner, type BuildJob } from '../releases/runner'
import { writeEditor } from './auth'
import { buildEditorServer } from './server'
import { contentRepository, linkedPaths } from '../tests/support/contentRepo'

const TOKEN = 'the-storefront-hook-token-0123456789'
let storefront: FastifyInstance
let editor: FastifyInstance
let offline: FastifyInstance
let origin = ''
let offlineOrigin = ''
let root: string
let usersDir: string
const jobs: BuildJob[] = []
let failWith: string | null = null
let runner: BuildRunner

beforeAll(async () => {
  runner = new BuildRunner({
    execute: async (job) => {
      jobs.push(job)
      if (failWith) throw new Error(failWith)
      return { pagesWritten: 2 }
    },
    log: () => undefined,
  })
  storefront = Fastify()
  storefront.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  registerBuildHooks(storefront, { runner, token: TOKEN })
  const storefrontUrl = await storefront.listen({ host: '127.0.0.1', port: 0 })
  root = contentRepository()
  usersDir = mkdtempSync(path.join(os.tmpdir(), 'editors-'))
  const editorsFile = path.join(usersDir, 'editors.json')
  await writeEditor(editorsFile, { name: 'Giulia Rossi', email: 'giulia@example.com' }, 'una-password-lunga')
  const options = { repository: { root, sitePaths: () => linkedPaths() }, editorsFile }
  editor = await buildEditorServer({ ...options, builds: { url: storefrontUrl, token: TOKEN } })
  origin = await editor.listen({ host: '127.0.0.1', port: 0 })
  // A screen whose storefront is not running: nothing listens on port 9 (discard) of loopback.
  offline = await buildEditorServer({ ...options, builds: { url: 'http://127.0.0.1:9', token: TOKEN } })
  offlineOrigin = await offline.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await Promise.all([editor.close(), offline.close(), storefront.close()])
  rmSync(root, { recursive: true, force: true })
  rmSync(usersDir, { recursive: true, force: true })
})

function send(base: string, method: string, url: string, headers: Record<string, string>, payload?: object | string): Promise<{ statusCode: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers: { host: new URL(base).host, ...headers } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (c: Buffer) => chunks.push(c))
      response.on('end', () => resolve({ statusCode: response.statusCode!, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers }))
    })
    request.on('error', reject)
    request.end(payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload))
  })
}

async function login(base: string): Promise<string> {
  const response = await send(base, 'POST', '/login', { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, 'email=giulia%40example.com&password=una-password-lunga')
  const line = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('editor_session='))!
  return line.split(';')[0]!
}

async function publishPhrase(base: string, cookie: string, phrase: string) {
  const { data, version } = JSON.parse((await send(base, 'GET', '/api/content/topHeader', { cookie })).body) as { data: Record<string, unknown>; version: string }
  return send(base, 'PUT', '/api/content/topHeader', { cookie, origin: base, 'content-type': 'application/json' }, { data: { ...data, promoPhrase: phrase }, version })
}

describe('publishing rebuilds the storefront', () => {
  it('asks for a build of the published file and follows it until the change is live', async () => {
    const cookie = await login(origin)
    const answer = await publishPhrase(origin, cookie, 'Spedizione gratuita da 29 €')
    expect(answer.statusCode).toBe(200)
    const { build } = JSON.parse(answer.body) as { build: { ticket: number } }
    expect(build.ticket).toBeGreaterThan(0)
    await runner.idle()
    expect(jobs.at(-1)).toMatchObject({ kinds: ['content'], items: ['cms/top-header.json'] })
    const status = await send(origin, 'GET', '/api/build', { cookie })
    expect(JSON.parse(status.body)).toMatchObject({ configured: true, ticket: build.ticket, change: { state: 'live' }, lastLive: { pagesWritten: 2 } })
    expect(status.body).not.toContain(TOKEN)
    expect(answer.body).not.toContain(TOKEN)
  })

  it('says a build failed, with the reason', async () => {
    failWith = 'errore nei contenuti: cms/menu.json at "items[0].url": nessuna pagina'
    const cookie = await login(origin)
    const answer = await publishPhrase(origin, cookie, 'Solo oggi')
    const { build } = JSON.parse(answer.body) as { build: { ticket: number } }
    await runner.idle()
    failWith = null
    const view = JSON.parse((await send(origin, 'GET', '/api/build', { cookie })).body)
    expect(view).toMatchObject({ ticket: build.ticket, change: { state: 'failed', reason: expect.stringContaining('cms/menu.json') } })
  })

  it('refuses the build status without a session', async () => {
    expect((await send(origin, 'GET', '/api/build', {})).statusCode).toBe(401)
  })

  it('commits the publish when the storefront does not answer, and says the change goes live when the storefront starts again', async () => {
    const cookie = await login(offlineOrigin)
    const answer = await publishPhrase(offlineOrigin, cookie, 'Nuovi arrivi')
    expect(answer.statusCode).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, build: { problem: expect.stringContaining('appena il negozio riparte') } })
    expect(JSON.parse((await send(offlineOrigin, 'GET', '/api/build', { cookie })).body)).toMatchObject({ configured: true, problem: 'il negozio non risponde' })
  })
})
