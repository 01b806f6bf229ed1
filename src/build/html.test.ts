import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { dropNulBytesIn, htmlFileOf, withoutNul } from './html'

describe('withoutNul', () => {
  it('drops the NUL bytes React 18 can leave at a buffer boundary, keeping every character whole', () => {
    const broken = Buffer.concat([Buffer.from('<s>'), Buffer.from([0, 0]), Buffer.from('€ 2,19 — àèì</s>')])
    expect(withoutNul(broken).toString('utf8')).toBe('<s>€ 2,19 — àèì</s>')
  })

  it('answers the same buffer when there is nothing to drop', () => {
    const clean = Buffer.from('<p>Crocchette per cani</p>')
    expect(withoutNul(clean)).toBe(clean)
  })
})

describe('htmlFileOf', () => {
  it.each([
    ['/', 'public/index.html'],
    ['/cane/cibo-secco/', 'public/cane/cibo-secco/index.html'],
    ['/crocchette-adult-2-kg/p', 'public/crocchette-adult-2-kg/p/index.html'],
    ['/404.html', 'public/404.html'],
  ])('puts %s where Gatsby writes it', (pagePath, file) => {
    expect(htmlFileOf('public', pagePath)).toBe(file)
  })
})

describe('dropNulBytesIn', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'nul-'))
    mkdirSync(path.join(dir, 'cibo', 'p'), { recursive: true })
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const page = (name: string, text: Buffer, mtime: Date) => {
    const file = path.join(dir, name)
    writeFileSync(file, text)
    utimesSync(file, mtime, mtime)
    return file
  }
  const broken = Buffer.concat([Buffer.from('<p>'), Buffer.from([0]), Buffer.from('€</p>')])

  it('cleans only the pages written since the last cleaning, and skips a page without a file', async () => {
    const old = page('index.html', broken, new Date(1_000_000))
    const fresh = page(path.join('cibo', 'p', 'index.html'), broken, new Date(2_000_000))
    const other = page('404.html', broken, new Date(2_000_000))
    expect(await dropNulBytesIn(dir, ['/', '/cibo/p', '/differita/p'], 1_500_000)).toEqual({ read: 1, changed: 1 })
    expect(readFileSync(fresh, 'utf8')).toBe('<p>€</p>')
    expect(readFileSync(old).includes(0)).toBe(true)
    // Not a page of the list: left alone.
    expect(readFileSync(other).includes(0)).toBe(true)
  })

  it('reads every page when nothing was cleaned before, and changes only those with a NUL', async () => {
    page('index.html', broken, new Date(1_000_000))
    page('404.html', Buffer.from('<p>ok</p>'), new Date(1_000_000))
    expect(await dropNulBytesIn(dir, ['/', '/404.html'], 0)).toEqual({ read: 2, changed: 1 })
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<p>€</p>')
  })
})
