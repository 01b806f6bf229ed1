import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { readCms } from '../cms/load'
import { frameOf, frameResults, isFrameOnly, isPageFile, linkedPaths, pagePathOf, patchPage, regionOf, withContent } from './frame'
import { styleGroups } from './styles'

const SC = '/*!sc*/\n'
const style = (css: string, extra = '') => `<style data-styled="" data-styled-version="6.1.19"${extra}>${css}</style>`
const group = (id: string, name: string, rule: string) => `.${name}{${rule}}${SC}data-styled.g1[id="${id}"]{content:"${name},"}${SC}`
const header = (phrase: string, className = 'Bar-sc-1 aa') => `<zampa-frame data-part="header" style="display:contents"><div class="${className}">${phrase}</div></zampa-frame>`
const footer = (text: string) => `<zampa-frame data-part="footer" style="display:contents"><footer class="Foot-sc-2 ff">${text}</footer></zampa-frame>`
const page = (head: string, body: string, frame = { h: header('Vecchia'), f: footer('Piede') }) =>
  `<!DOCTYPE html><html><head>${head}</head><body><div id="___gatsby">${frame.h}<main>${body}</main>${frame.f}</div></body></html>`

const oldCss = group('Bar-sc-1', 'aa', 'color:black') + group('Foot-sc-2', 'ff', 'color:grey') + group('Main-sc-3', 'mm', 'margin:0')
const previous = frameOf(page(style(oldCss), 'pagina 404'))

describe('the frame regions', () => {
  it('finds each marked region, its closing tag included', () => {
    const html = page('', 'corpo')
    const region = regionOf(html, 'header')!
    expect(html.slice(region.start, region.end)).toBe(header('Vecchia'))
    expect(regionOf('<main>senza cornice</main>', 'footer')).toBeNull()
  })

  it('refuses a page whose region is marked twice or never closed', () => {
    expect(() => regionOf(`${header('a')}${header('b')}`, 'header')).toThrow(/not marked once/)
    expect(() => regionOf('<zampa-frame data-part="header"><div>', 'header')).toThrow(/not marked once/)
  })

  it('keeps the style groups of the components rendered in the frame only', () => {
    expect(styleGroups(oldCss).map((g) => g.id)).toEqual(['Bar-sc-1', 'Foot-sc-2', 'Main-sc-3'])
    expect(previous.styles.map((g) => g.id)).toEqual(['Bar-sc-1', 'Foot-sc-2'])
    expect(previous.styledVersion).toBe('6.1.19')
  })
})

describe('patchPage', () => {
  const next = frameOf(page(style(oldCss), 'pagina 404', { h: header('Nuova <b>frase</b>'), f: footer('Piede') }))

  it('replaces both regions and leaves the page around them as it was', () => {
    const html = page(style(oldCss), '<p>prodotto</p>')
    const patched = patchPage(html, previous, next)!
    expect(patched).toBe(page(style(oldCss), '<p>prodotto</p>', { h: header('Nuova <b>frase</b>'), f: footer('Piede') }))
    expect(patched).not.toContain('data-frame-styles')
  })

  it('adds the rules of a new variant the page lacks, in a style element styled-components reads, and replaces it next time', () => {
    const variantCss = group('Bar-sc-1', 'bb', 'color:red') + group('Foot-sc-2', 'ff', 'color:grey')
    const variant = frameOf(page(style(variantCss), '', { h: header('Rossa', 'Bar-sc-1 bb'), f: footer('Piede') }))
    const patched = patchPage(page(style(oldCss), 'x'), previous, variant)!
    expect(patched).toContain(`${style(oldCss)}${style(group('Bar-sc-1', 'bb', 'color:red'), ' data-frame-styles=""')}`)
    // Back to the old frame: the page's own rules suffice, and the added element goes.
    const back = patchPage(patched, variant, previous)!
    expect(back).toBe(page(style(oldCss), 'x'))
  })

  it('leaves a page without the frame alone, and refuses a page whose frame is not the one its build rendered', () => {
    expect(patchPage('<html><body><main id="main">app</main></body></html>', previous, next)).toBeNull()
    expect(() => patchPage(page(style(oldCss), 'x', { h: header('Diversa'), f: footer('Piede') }), previous, next)).toThrow(/other than the one/)
    expect(() => patchPage(`<html>${header('Vecchia')}</html>`, previous, next)).toThrow(/one frame region without the other/)
  })

  it('cannot be led out of its region by content that looks like a marker', () => {
    // The content's text is escaped by React, so a phrase cannot close the region early.
    const sneaky = frameOf(page(style(oldCss), '', { h: header('&lt;/zampa-frame&gt;<b>x</b>'), f: footer('Piede') }))
    const patched = patchPage(page(style(oldCss), 'resto'), previous, sneaky)!
    expect(patched).toContain('<main>resto</main>')
    expect(regionOf(patched, 'header')).toEqual({ start: patched.indexOf('<zampa-frame'), end: patched.indexOf('</zampa-frame>') + '</zampa-frame>'.length })
  })
})

describe('the frame static-query results', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'frame-'))
    mkdirSync(path.join(dir, 'page-data', 'sq', 'd'), { recursive: true })
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('finds the frame queries by their fields and writes them with the new content, as Gatsby does', () => {
    const sq = (hash: string, data: object) => writeFileSync(path.join(dir, 'page-data', 'sq', 'd', `${hash}.json`), JSON.stringify({ data }))
    sq('111', { topHeader: { data: { promoPhrase: 'a', links: [] } }, menu: { data: {} }, accountMenu: { data: {} } })
    sq('222', { footer: { data: {} }, smartBanners: { data: {} } })
    sq('333', { site: { siteMetadata: { title: 'Zampa' } } })
    sq('444', { home: { data: {} } })
    const results = frameResults(dir)
    expect(Object.keys(results).sort()).toEqual(['111', '222'])
    const content = readCms()
    const next = withContent(results, content)
    expect(next['111']).toEqual({ data: { topHeader: { data: content.topHeader }, menu: { data: content.menu }, accountMenu: { data: content.accountMenu } } })
    expect(Object.keys(next['222']!.data)).toEqual(['footer', 'smartBanners'])
  })
})

describe('isFrameOnly', () => {
  it('accepts changes to the frame files alone', () => {
    expect(isFrameOnly(['cms/top-header.json'])).toBe(true)
    expect(isFrameOnly(['cms/menu.json', 'cms/footer.json', 'cms/account-menu.json', 'cms/smart-banners.json'])).toBe(true)
    expect(isFrameOnly(['cms/menu.json', 'cms/pages.json'])).toBe(false)
    expect(isFrameOnly(['cms/home.json'])).toBe(false)
    expect(isFrameOnly([])).toBe(false)
    expect(isFrameOnly(['cms/../cms/menu.json'])).toBe(false)
  })
})

describe('the pages with a frame of their own', () => {
  it('are the site paths the frame links to, matched to the HTML files that are those pages', () => {
    const frame = frameOf(
      page(style(oldCss), '', {
        h: header('<a aria-current="page" class="x" href="/">Zampa</a><a href="/cane">Cane</a><a href="https://example.com/app">App</a>'),
        f: footer('<a href="/privacy?x=1">Privacy</a>'),
      }),
    )
    expect([...linkedPaths(frame)].sort()).toEqual(['/', '/cane', '/privacy?x=1'])
    expect(pagePathOf('index.html')).toBe('/')
    expect(pagePathOf(path.join('cane', 'index.html'))).toBe('/cane')
    expect(pagePathOf(path.join('cane', 'cibo-secco', 'index.html'))).toBe('/cane/cibo-secco')
    expect(pagePathOf('404.html')).toBe('/404.html')
  })
})


describe('isPageFile', () => {
  it('names the pages’ HTML files of public/, not what page data and assets hold', () => {
    expect(isPageFile('index.html')).toBe(true)
    expect(isPageFile(path.join('crocchette-cane-adulto', 'p', 'index.html'))).toBe(true)
    expect(isPageFile(path.join('app', 'chi-siamo', 'index.html'))).toBe(true)
    expect(isPageFile(path.join('page-data', 'index', 'page-data.json'))).toBe(false)
    expect(isPageFile(path.join('static', 'abc', 'doc.html'))).toBe(false)
    expect(isPageFile(path.join('_gatsby', 'slices', 'x.html'))).toBe(false)
    expect(isPageFile('app-123.js')).toBe(false)
  })
})
