/**
 * The catalog fast path over a stand-in build: the changed pages are rendered by the build's renderer into a new
 * release, the rest shared with the served one; a page that does not render from its data as it is served, or
 * that would publish a secret, stops it before anything is switched; a deferred page is written where the server
 * reads first. Which pages change is src/build/catalogChange.ts's to say (tested there against a real platform).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ChangedPage } from '../src/build/catalogChange'
import { publishCatalogChange, skusOf } from './catalog'
import { htmlRendererFile, unloadBuild } from './htmlRenderer'
import type { PageData } from './pageRenderer'
import { Releases } from './releases'
import { republish } from './republish'

let project: string
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'zampa-catalog-change-'))
})
afterEach(() => rmSync(project, { recursive: true, force: true }))

const file = (name: string, content: string) => {
  mkdirSync(path.dirname(path.join(project, name)), { recursive: true })
  writeFileSync(path.join(project, name), content)
}
/** What the stand-in renderer writes for a page's data; the build's files are written with it too. */
const rendered = (data: PageData) => `<html><body>${JSON.stringify(data.result)}</body></html>`
const pageData = (pagePath: string, price: number): PageData => ({ componentChunkName: 'component---page', path: pagePath, result: { data: { price } }, staticQueryHashes: [] })

async function servedBuild(): Promise<Releases> {
  file('public/page-data/app-data.json', JSON.stringify({ webpackCompilationHash: 'abc' }))
  file('.cache/content-pages.json', '[]')
  file('public/webpack.stats.json', JSON.stringify({ assetsByChunkName: { app: [] }, childAssetsByChunkName: {}, namedChunkGroups: {} }))
  for (const [pagePath, name] of [['/crocchette/p', 'crocchette/p'], ['/cane', 'cane'], ['/gatto', 'gatto']]) {
    file(`public/page-data/${name}/page-data.json`, JSON.stringify(pageData(pagePath!, 10)))
    file(`public/${name}/index.html`, rendered(pageData(pagePath!, 10)))
  }
  file(path.relative(project, htmlRendererFile(project)), 'exports.default = async (args) => ({ html: `<html><body>${JSON.stringify(args.pageData.result)}</body></html>` })')
  const releases = new Releases(project)
  await releases.release()
  return releases
}

const changing = (...paths: string[]) =>
  async (input: { read: (pagePath: string) => Promise<PageData | null> }): Promise<ChangedPage<PageData>[]> =>
    Promise.all(
      paths.map(async (pagePath) => {
        const before = (await input.read(pagePath))!
        return { path: pagePath, before, after: { ...before, result: { data: { price: 12.5 } } } }
      }),
    )

it('writes the changed pages’ HTML and data into a new release and shares every other file with the served one', async () => {
  const releases = await servedBuild()
  const served = releases.currentDir()!
  const report = await publishCatalogChange({ releases, find: changing('/crocchette/p', '/cane') }, ['100'])
  expect(report).toEqual({ pagesWritten: 2, pages: ['/crocchette/p', '/cane'] })
  const now = releases.currentDir()!
  expect(now).not.toBe(served)
  expect(readFileSync(path.join(now, 'public/crocchette/p/index.html'), 'utf8')).toBe('<html><body>{"data":{"price":12.5}}</body></html>')
  expect(JSON.parse(readFileSync(path.join(now, 'public/page-data/cane/page-data.json'), 'utf8')).result).toEqual({ data: { price: 12.5 } })
  // The served release is never written through; the untouched page is the same file.
  expect(readFileSync(path.join(served, 'public/cane/index.html'), 'utf8')).toContain('"price":10')
  expect(statSync(path.join(now, 'public/gatto/index.html')).ino).toBe(statSync(path.join(served, 'public/gatto/index.html')).ino)
  expect(releases.interrupted()).toBe(true)
  unloadBuild(served)
})

it('switches nothing when a page does not render from its data as it is served (a page patched since its build)', async () => {
  const releases = await servedBuild()
  const served = releases.currentDir()!
  writeFileSync(path.join(served, 'public/cane/index.html'), '<html><body>patched</body></html>')
  await expect(publishCatalogChange({ releases, find: changing('/crocchette/p', '/cane') }, ['100'])).rejects.toThrow('the page /cane does not render from its data as the release serves it')
  expect(releases.currentDir()).toBe(served)
  unloadBuild(served)
})

it('writes a deferred page, read from the served build’s engines, where the server reads before the engines', async () => {
  const releases = await servedBuild()
  const served = releases.currentDir()!
  const deferred = pageData('/ultimo/p', 3)
  const asked: string[] = []
  const report = await publishCatalogChange(
    {
      releases,
      find: changing('/ultimo/p'),
      deferred: async (pagePath) => {
        asked.push(pagePath)
        return pagePath === '/ultimo/p' ? { pageData: JSON.stringify(deferred), html: rendered(deferred) } : null
      },
    },
    ['7'],
  )
  expect(asked).toEqual(['/ultimo/p'])
  expect(report.pages).toEqual(['/ultimo/p'])
  expect(readFileSync(path.join(releases.currentDir()!, 'public/ultimo/p/index.html'), 'utf8')).toContain('"price":12.5')
  expect(existsSync(path.join(served, 'public/ultimo'))).toBe(false)
  unloadBuild(served)
})

it('refuses to publish a server-side secret the pages would carry', async () => {
  const releases = await servedBuild()
  const served = releases.currentDir()!
  const secret = 'the-proxy-secret-shared-with-the-platform-0123'
  const find = async (input: { read: (pagePath: string) => Promise<PageData | null> }) => {
    const before = (await input.read('/cane'))!
    return [{ path: '/cane', before, after: { ...before, result: { data: { note: secret } } } }]
  }
  await expect(publishCatalogChange({ releases, find, env: { PLATFORM_PROXY_SECRET: secret } }, ['1'])).rejects.toThrow(/secrets/)
  expect(releases.currentDir()).toBe(served)
  unloadBuild(served)
})

it('replaces the other files a fast path names (the content a release shows), even with no page to render, leaving the served release’s copy as it was', async () => {
  const releases = await servedBuild()
  const served = releases.currentDir()!
  file('.cache/content-stamp.json', '{"cms/home.json":"old"}')
  await releases.release()
  const before = releases.currentDir()!
  await republish({ releases, alsoWrite: { '.cache/content-stamp.json': '{"cms/home.json":"new"}' } }, async () => [])
  expect(releases.currentDir()).not.toBe(before)
  expect(readFileSync(path.join(releases.currentDir()!, '.cache/content-stamp.json'), 'utf8')).toBe('{"cms/home.json":"new"}')
  expect(readFileSync(path.join(before, '.cache/content-stamp.json'), 'utf8')).toBe('{"cms/home.json":"old"}')
  unloadBuild(served)
  unloadBuild(before)
})

it('leaves to a build a release that does not list the content pages it was built with', async () => {
  const releases = await servedBuild()
  const served = releases.currentDir()!
  rmSync(path.join(served, '.cache/content-pages.json'))
  await expect(publishCatalogChange({ releases, find: changing('/cane') }, ['100'])).rejects.toThrow(/does not list the content pages/)
  expect(releases.currentDir()).toBe(served)
})

it('reads the skus of a job, and nothing when it names anything else', () => {
  expect(skusOf(['sku:1', 'sku:2'])).toEqual(['1', '2'])
  expect(skusOf(['sku:1', 'product:2'])).toBeNull()
  expect(skusOf(['sku:'])).toBeNull()
  expect(skusOf([])).toBeNull()
})
