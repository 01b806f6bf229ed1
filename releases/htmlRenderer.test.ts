/**
 * One loader for a build's HTML renderer: the frame fast path and the search pages render with the same module
 * for a build folder, the process listeners its loading adds are recorded whichever of them loads it first, and
 * unloading the build removes them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { renderWith } from '../releases/frame'
import { htmlRendererFile, loadHtmlRenderer, unloadBuild } from './htmlRenderer'
import { loadSearchRenderer } from '../serve/searchPage'
import { writeRenderer } from '../tests/support/htmlRendererFixture'

let root: string
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'zampa-renderer-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const served = { path: '/s?q=osso&sort=score_desc&page=0', results: { products: [], total: 0, page: 0, pageSize: 24, facets: [], selected: [] } }

function build(name: string): { dir: string; event: string } {
  const dir = path.join(root, name)
  const event = `zampa-renderer-${name}`
  writeRenderer(dir, event)
  return { dir, event }
}

it('gives the frame fast path and the search pages the same module for a build, loaded once', async () => {
  const { dir } = build('uno')
  const other = build('due')
  const frame = await renderWith(dir, {})
  const search = loadSearchRenderer(dir)!
  expect(frame.header).toContain('Spedizione gratuita')
  expect(await search(served)).toContain('<main>/s</main>')
  expect(loadHtmlRenderer(dir)).toBe(loadHtmlRenderer(dir))
  expect(loadHtmlRenderer(other.dir)).not.toBe(loadHtmlRenderer(dir))
  expect(globalThis.rendererLoads?.[dir]).toBe(1)
  unloadBuild(dir)
  unloadBuild(other.dir)
})

it.each([
  ['the frame fast path', 'the search pages'],
  ['the search pages', 'the frame fast path'],
])('records the listeners the renderer adds when it is loaded first by %s, then by %s, and unloading the build removes them', async (first) => {
  const { dir, event } = build(first.replaceAll(' ', '-'))
  const untouched = process.listenerCount('exit')
  const loaders = {
    'the frame fast path': () => renderWith(dir, {}),
    'the search pages': () => loadSearchRenderer(dir)!(served),
  }
  await loaders[first as keyof typeof loaders]()
  expect(process.listenerCount(event)).toBe(1)
  for (const load of Object.values(loaders)) await load()
  expect(process.listenerCount(event)).toBe(1)
  unloadBuild(dir)
  expect(process.listenerCount(event)).toBe(0)
  expect(process.listenerCount('exit')).toBe(untouched)
})

it('throws for a build without a renderer, and the search pages answer with the static page', async () => {
  const dir = path.join(root, 'vuota')
  expect(() => loadHtmlRenderer(dir)).toThrow(htmlRendererFile(dir))
  expect(loadSearchRenderer(dir)).toBeNull()
  await expect(renderWith(dir, {})).rejects.toThrow(/no HTML renderer/)
})
