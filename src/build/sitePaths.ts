/**
 * The site paths a build creates from the catalog and the site's own pages,
 * written by gatsby-node into .cache/ (never public/, so shoppers cannot
 * fetch it) and read by the editing screen, so a link the screen accepts is a
 * link the build accepts (req EDIT-03).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const SITE_PATHS_FILE = path.join('.cache', 'site-paths.json')

export function writeSitePaths(paths: ReadonlySet<string>, siteDir = process.cwd()): void {
  const file = path.join(siteDir, SITE_PATHS_FILE)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify([...paths]))
}

/** Reads the list again whenever a build rewrote it; empty (every site link refused) until a first build. */
export function buildSitePaths(siteDir: string): () => ReadonlySet<string> {
  const file = path.join(siteDir, SITE_PATHS_FILE)
  let cached: { mtimeMs: number; paths: ReadonlySet<string> } | undefined
  return () => {
    if (!existsSync(file)) return new Set(['/'])
    const { mtimeMs } = statSync(file)
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, paths: new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]) }
    return cached.paths
  }
}
