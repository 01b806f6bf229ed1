import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { readCms } from '../../cms/load'
import { contentSince, stampAfter, stampingReader, writeContentStamp, type ContentStamp } from './contentStamp'

let root: string
let contentDir: string
let release: string
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'zampa-stamp-'))
  contentDir = path.join(root, 'cms')
  release = path.join(root, 'release')
  cpSync(path.resolve('cms'), contentDir, { recursive: true, filter: (from) => !from.endsWith('.ts') })
  mkdirSync(path.join(release, '.cache'), { recursive: true })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** A release stamped with the content as it is in the folder now, read as the build reads it. */
function stampRelease(): ContentStamp {
  const stamp: ContentStamp = {}
  readCms(stampingReader((file) => readFileSync(path.join(contentDir, file), 'utf8'), stamp))
  writeContentStamp(release, stamp)
  return stamp
}

it('records every content file as read, and finds nothing changed while the folder holds the same content', () => {
  const stamp = stampRelease()
  expect(Object.keys(stamp)).toEqual(expect.arrayContaining(['cms/top-header.json', 'cms/pages.json', 'cms/home.json']))
  expect(contentSince(release, contentDir)).toEqual([])
})

it('names the files published since the release was made, a file gone among them', () => {
  stampRelease()
  const file = path.join(contentDir, 'top-header.json')
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"promoPhrase": "[^"]*"/, '"promoPhrase": "Pubblicata a negozio spento"'))
  rmSync(path.join(contentDir, 'flyers.json'))
  expect(contentSince(release, contentDir)?.sort()).toEqual(['cms/flyers.json', 'cms/top-header.json'])
})

it('cannot tell anything of a release that keeps no stamp', () => {
  expect(contentSince(release, contentDir)).toBeNull()
})

it('gives a fast path’s release the digests of the files it made live, and keeps the others as the release showed them', () => {
  const shown = { 'cms/home.json': 'old-home', 'cms/menu.json': 'old-menu' }
  const read = { 'cms/home.json': 'new-home', 'cms/menu.json': 'new-menu' }
  expect(stampAfter(shown, read, ['cms/menu.json'])).toEqual({ 'cms/home.json': 'old-home', 'cms/menu.json': 'new-menu' })
  expect(stampAfter(null, read, ['cms/menu.json'])).toBeNull()
})
