/**
 * A build's HTML renderer and the page data its two users read (the frame fast path renders the 404 page, the
 * search pages the search page), standing in for Gatsby's. Loading it counts its loads in
 * `globalThis.rendererLoads[dir]` and adds a process listener for `event`, as a server bundle that registers
 * process-wide handlers does.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { htmlRendererFile } from '../../releases/htmlRenderer'

declare global {
  var rendererLoads: Record<string, number> | undefined
}

export function writeRenderer(dir: string, event: string): void {
  const file = (name: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
  const sq = { data: { topHeader: { data: { promoPhrase: 'Spedizione gratuita' } } } }
  file('public/page-data/sq/d/1.json', JSON.stringify(sq))
  file('public/page-data/404.html/page-data.json', JSON.stringify({ componentChunkName: 'component---src-pages-404-tsx', path: '/404.html', result: {}, staticQueryHashes: ['1'] }))
  file('public/page-data/s/page-data.json', JSON.stringify({ componentChunkName: 'component---src-pages-s-tsx', path: '/s', result: { pageContext: {} }, staticQueryHashes: ['1'] }))
  file('public/page-data/app-data.json', JSON.stringify({ webpackCompilationHash: 'abc' }))
  file('public/webpack.stats.json', JSON.stringify({ assetsByChunkName: { app: [] }, childAssetsByChunkName: {}, namedChunkGroups: {} }))
  const renderer = path.relative(dir, htmlRendererFile(dir))
  file(
    renderer,
    `globalThis.rendererLoads = globalThis.rendererLoads || {}
     globalThis.rendererLoads[${JSON.stringify(dir)}] = (globalThis.rendererLoads[${JSON.stringify(dir)}] || 0) + 1
     process.on(${JSON.stringify(event)}, () => {})
     const SC = '/*!sc*/\\n'
     exports.default = async (args) => ({
       html: '<!DOCTYPE html><html><head><style data-styled="" data-styled-version="6.1.19">.aa{color:black}' + SC + 'data-styled.g1[id="Bar-sc-1"]{content:"aa,"}' + SC + '</style></head><body>' +
         '<zampa-frame data-part="header" style="display:contents"><div class="Bar-sc-1 aa">' + args.staticQueryContext['1'].data.topHeader.data.promoPhrase + '</div></zampa-frame>' +
         '<main>' + args.pagePath + '</main><zampa-frame data-part="footer" style="display:contents"><footer>Piede</footer></zampa-frame></body></html>',
     })`,
  )
}
