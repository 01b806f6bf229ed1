/**
 * A product picture's address at the size a page shows it. Two image services resize the shop's pictures, and
 * a picture's host says which one serves it:
 *
 * - VTEX's (`{account}.vtexassets.com`, `{account}.vteximg.com.br`) takes the size in the path, after the
 *   file's id: `/arquivos/ids/155602-50-50/robo.jpg` is picture 155602 at 50×50. Its `?v=` is the cache buster
 *   of the picture's current version and stays the only query. The catalog answers unsized https addresses,
 *   Checkout 55×55 ones over http (`…/arquivos/ids/155403-55-55/…`): the size is replaced, the scheme made https.
 * - The embedded platform's image endpoint (and any other host) takes the width as `?w=`.
 *
 * The host chooses rather than the configured backend: the browser does not know which backend served a
 * picture, and each capability may be on a different one (a VTEX catalog beside the embedded cart). A build
 * with no capability on VTEX leaves VTEX's rules out of the pages.
 */
import { VTEX_IMAGE_DOMAINS } from '../config/imageHosts'

/**
 * The folder (`/arquivos/ids/`, or `/ids/` as VTEX's order examples write it), the file's id, the size VTEX's
 * resizer was already asked for (if any) and the rest of the path (the file's name, which VTEX also serves
 * the file without).
 */
const VTEX_FILE = /^((?:\/arquivos)?\/ids\/\d+)(?:-\d+-(?:\d+|auto))?(\/[^?#]*)?$/

/**
 * `source` on VTEX's image hosts at `size` (`-{w}-{h}`, or '' for the original), over https with only its
 * cache buster; a file of those hosts outside the resizer's folder (a CMS asset) only over https; null for any
 * other address. Kept small: it runs in the browser on every product picture.
 */
function vtexAddress(source: string, size: string): string | null {
  let url: URL
  try {
    url = new URL(source)
  } catch {
    return null
  }
  if (!VTEX_IMAGE_DOMAINS.some((domain) => url.hostname.endsWith(`.${domain}`))) return null
  url.protocol = 'https:'
  url.port = ''
  const file = VTEX_FILE.exec(url.pathname)
  if (!file) return url.href
  const version = url.searchParams.get('v')
  return `https://${url.hostname}${file[1]}${size}${file[2] ?? ''}${version === null ? '' : `?v=${encodeURIComponent(version)}`}`
}

/**
 * Whether the shop's pictures may be VTEX's: set by the build (gatsby-config.ts) when any capability is on VTEX.
 * Written literally so Gatsby inlines it into the pages, where a shop on the embedded platform then carries none
 * of VTEX's address rules.
 */
const picturesOnVtex = () => process.env.GATSBY_VTEX_PICTURES === 'on'

/**
 * The picture at `width` × `height` CSS pixels (square unless told). The platform's endpoint sizes by width
 * alone, so it keeps its `?w=` form exactly.
 */
export const imageUrl = (source: string, width: number, height: number = width): string =>
  (picturesOnVtex() ? vtexAddress(source, `-${Math.round(width)}-${Math.round(height)}`) : null) ?? `${source}${source.includes('?') ? '&' : '?'}w=${Math.round(width)}`

/**
 * A VTEX picture at its original size, over https, its cache buster its only query: what a line of Checkout's
 * order form (55×55, http) points at, made fit for any size the page asks. Other addresses are left as they are.
 */
export const imageSource = (source: string): string => vtexAddress(source, '') ?? source
