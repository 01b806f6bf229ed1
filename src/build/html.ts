import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eachLimited } from './eachLimited'

/**
 * React 18's streaming renderer, which Gatsby renders every page with,
 * flushes its whole 2,048-byte buffer when a multi-byte character does not
 * fit at its end, so a page can carry stray NUL bytes (facebook/react#24985;
 * the fix, #26228, is only in React 19). NUL is never valid in HTML: the Nu
 * checker stops at it and some crawlers end the document there. UTF-8 never
 * uses a 0x00 byte inside a character, so dropping every one is safe.
 */
export function withoutNul(html: Buffer): Buffer {
  return html.includes(0) ? Buffer.from(html.filter((byte) => byte !== 0)) : html
}

/** Where Gatsby writes a page's HTML: `<dir>/<path>/index.html`, or the path itself when it ends in `.html`. */
export function htmlFileOf(dir: string, pagePath: string): string {
  const relative = pagePath.replace(/^[/\\]+/, '')
  return path.join(dir, /\.html?$/i.test(pagePath) ? relative : path.join(relative, 'index.html'))
}

/**
 * Drops the NUL bytes from the pages' HTML files under `dir` modified at or after `sinceMs`; answers how many it
 * read and how many it changed. A rebuild writes only the pages whose data changed, and the build that wrote the
 * others already cleaned them, so only the files written since the last build that cleaned are read (0 reads
 * them all). The files are found from the pages' paths: walking `public/` (150,000 entries at 100,000 products)
 * took longer than reading all of its HTML.
 */
export async function dropNulBytesIn(dir: string, pagePaths: readonly string[], sinceMs: number): Promise<{ read: number; changed: number }> {
  let read = 0
  let changed = 0
  await eachLimited(pagePaths, 16, async (pagePath) => {
    const file = htmlFileOf(dir, pagePath)
    // A deferred page has no file: the server renders it, and cleans what it renders.
    const stats = await stat(file).catch(() => null)
    if (!stats?.isFile() || (sinceMs > 0 && stats.mtimeMs < sinceMs)) return
    read++
    const html = await readFile(file)
    const clean = withoutNul(html)
    if (clean !== html) {
      await writeFile(file, clean)
      changed++
    }
  })
  return { read, changed }
}
