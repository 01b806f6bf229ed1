import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_PREBUILT_PRODUCTS, PrebuildSettingError, prebuiltFiles, prebuiltProducts, stalePrebuiltPages } from './deferred'

describe('PREBUILD_PRODUCTS', () => {
  it('defaults when unset or empty', () => {
    expect(prebuiltProducts(undefined)).toBe(DEFAULT_PREBUILT_PRODUCTS)
    expect(prebuiltProducts('  ')).toBe(DEFAULT_PREBUILT_PRODUCTS)
  })

  it('reads whole numbers, with or without digit separators, 0 deferring every product page', () => {
    expect(prebuiltProducts('500')).toBe(500)
    expect(prebuiltProducts(' 2_000 ')).toBe(2000)
    expect(prebuiltProducts('0')).toBe(0)
  })

  it.each(['abc', '-1', '2.5', '1e4', '25,000'])('refuses %j with the variable and the value', (value) => {
    expect(() => prebuiltProducts(value)).toThrow(PrebuildSettingError)
    expect(() => prebuiltProducts(value)).toThrow(`PREBUILD_PRODUCTS must be a whole number of product pages (0 or more), got "${value}"`)
  })
})

describe('files an earlier build left for pages deferred now', () => {
  let publicDir: string
  beforeEach(() => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'public-'))
  })
  afterEach(() => rmSync(publicDir, { recursive: true, force: true }))

  const leave = (file: string) => {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, '')
  }

  it('are the HTML and the page data where Gatsby writes them', () => {
    expect(prebuiltFiles('/site/public', '/crocchette-al-pollo/p')).toEqual([
      '/site/public/crocchette-al-pollo/p/index.html',
      '/site/public/page-data/crocchette-al-pollo/p/page-data.json',
    ])
  })

  it('names the deferred pages that still have either file, and only those', () => {
    const [html] = prebuiltFiles(publicDir, '/con-html/p')
    const [, pageData] = prebuiltFiles(publicDir, '/con-dati/p')
    leave(html!)
    leave(pageData!)
    leave(path.join(publicDir, 'altro', 'p', 'index.html'))
    expect(stalePrebuiltPages(publicDir, ['/con-html/p', '/mai-costruita/p', '/con-dati/p'])).toEqual(['/con-html/p', '/con-dati/p'])
    expect(stalePrebuiltPages(publicDir, [])).toEqual([])
  })
})
