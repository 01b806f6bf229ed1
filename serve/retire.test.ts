/**
 * A server that publishes build after build lets go of the builds it no
 * longer serves: the worker running a build's rendering engines ends when the
 * build is two releases old, while the build served and the one before keep
 * theirs, and closing the server ends them all. The process listeners a
 * build's HTML renderer added when it was loaded go with it, whether the
 * frame fast path or the search pages loaded it first.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { renderWith } from '../releases/frame'
import { registerPages } from './site'
import { writeRenderer } from '../tests/support/htmlRendererFixture'

let root: string
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'zampa-retire-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const beats = (dir: string) => {
  try {
    return readFileSync(path.join(dir, 'beats'), 'utf8').length
  } catch {
    return 0
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Whether the build's engines are running: their heartbeat file grows. */
const running = async (dir: string) => {
  const before = beats(dir)
  await pause(300)
  return beats(dir) > before
}

/** A build with one deferred page and stand-in engines that beat while they run. */
function makeBuild(name: string): string {
  const dir = path.join(root, name)
  const cache = path.join(dir, '.cache')
  mkdirSync(path.join(dir, 'public'), { recursive: true })
  writeFileSync(path.join(dir, 'public', 'index.html'), `<!DOCTYPE html><html><body>${name}</body></html>`)
  mkdirSync(path.join(cache, 'query-engine'), { recursive: true })
  mkdirSync(path.join(cache, 'page-ssr'), { recursive: true })
  writeFileSync(
    path.join(cache, 'query-engine', 'index.js'),
    `const fs = require('node:fs')
     setInterval(() => fs.appendFileSync(${JSON.stringify(path.join(dir, 'beats'))}, '.'), 20)
     exports.GraphQLEngine = class {}`,
  )
  writeFileSync(
    path.join(cache, 'page-ssr', 'index.js'),
    `exports.findEnginePageByPath = (p) => (p === '/rinviata' ? { mode: 'DSG' } : undefined)
     exports.getData = async () => ({})
     exports.renderHTML = async () => '<!DOCTYPE html><html><body>${name} rinviata</body></html>'
     exports.renderPageData = async () => '{"build":"${name}"}'`,
  )
  return dir
}

it('ends the engines of a build two releases old, keeps the two served, and ends those when the server closes', async () => {
  const builds = ['1', '2', '3'].map(makeBuild)
  let current = builds[0]!
  const app = Fastify()
  await registerPages(app, { siteDir: current, security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] }, currentSite: () => current, retireAfterMs: 0 })
  try {
    for (const [i, dir] of builds.entries()) {
      current = dir
      const page = await app.inject({ method: 'GET', url: '/rinviata' })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(`${i + 1} rinviata`)
      const data = await app.inject({ method: 'GET', url: '/page-data/rinviata/page-data.json' })
      expect(data.json()).toEqual({ build: String(i + 1) })
    }
    expect(await running(builds[0]!)).toBe(false)
    expect(await running(builds[1]!)).toBe(true)
    expect(await running(builds[2]!)).toBe(true)
    // A page no build deferred is still the 404 page, asked of the engines of the build served.
    expect((await app.inject({ method: 'GET', url: '/non-esiste' })).statusCode).toBe(404)
  } finally {
    await app.close()
  }
  expect(await running(builds[1]!)).toBe(false)
  expect(await running(builds[2]!)).toBe(false)
})

it('removes the listeners a retired build\'s renderer added, whichever of the frame fast path and the search pages loaded it first', async () => {
  const builds = ['1', '2', '3', '4'].map(makeBuild)
  const event = (dir: string) => `zampa-build-${path.basename(dir)}`
  for (const dir of builds) writeRenderer(dir, event(dir))
  let current = builds[0]!
  const app = Fastify()
  const pages = await registerPages(app, { siteDir: current, security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] }, currentSite: () => current, retireAfterMs: 0 })
  const serve = async (dir: string) => {
    current = dir
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200)
  }
  try {
    // Build 1: the frame fast path renders with it before the search pages load it.
    expect((await renderWith(builds[0]!, {})).header).toContain('Spedizione gratuita')
    pages.warm(builds[0]!)
    // Build 2: the search pages load it first, then the frame fast path renders with it.
    await serve(builds[1]!)
    pages.warm(builds[1]!)
    expect((await renderWith(builds[1]!, {})).header).toContain('Spedizione gratuita')
    expect([process.listenerCount(event(builds[0]!)), process.listenerCount(event(builds[1]!))]).toEqual([1, 1])
    // Serving build 3 retires build 1, serving build 4 retires build 2.
    await serve(builds[2]!)
    expect([process.listenerCount(event(builds[0]!)), process.listenerCount(event(builds[1]!))]).toEqual([0, 1])
    await serve(builds[3]!)
    expect([process.listenerCount(event(builds[0]!)), process.listenerCount(event(builds[1]!))]).toEqual([0, 0])
  } finally {
    await app.close()
  }
})
