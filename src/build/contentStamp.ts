/**
 * Which content a release shows: a digest of each content file as it was read for it, kept in the release
 * (`.cache/content-stamp.json`). The build records what its sourcing read (gatsby-node.ts), and a fast path that
 * changes content records the files it made live (releases/frame.ts, releases/content.ts). A storefront server that starts compares it with
 * the content on disk and builds what differs: a publish made while the server was down, whose hook found no one to
 * answer, goes live when the server is back instead of waiting for someone else's change.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { cmsRegistry } from '../../cms/registry'

/** Where a build folder and each release keep the stamp. */
export const CONTENT_STAMP_FILE = path.join('.cache', 'content-stamp.json')

/** A content file (`cms/<file>`) → the sha-256 of its text as read. */
export type ContentStamp = Record<string, string>

const digest = (text: string) => createHash('sha256').update(text).digest('hex')

/** A reader of content files (by their name in cms/) that records a digest of each file it reads into `stamp`. */
export function stampingReader(read: (file: string) => string, stamp: ContentStamp): (file: string) => string {
  return (file) => {
    const text = read(file)
    stamp[`cms/${file}`] = digest(text)
    return text
  }
}

/** The stamp a release or build folder keeps, or null when it keeps none. */
export function readContentStamp(dir: string): ContentStamp | null {
  const file = path.join(dir, CONTENT_STAMP_FILE)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ContentStamp) : null
}

/**
 * The stamp of a release a fast path derives from `shown`: the files it made live take the digests it read, every
 * other file keeps the one `shown` has, since the fast path did not render it (a publish whose hook never arrived
 * stays different, and is built when found). null when `shown` is null: nothing can be told of the others.
 */
export function stampAfter(shown: ContentStamp | null, read: ContentStamp, files: readonly string[]): ContentStamp | null {
  if (!shown) return null
  return { ...shown, ...Object.fromEntries(files.filter((file) => read[file] !== undefined).map((file) => [file, read[file]!])) }
}

export function writeContentStamp(dir: string, stamp: ContentStamp): void {
  writeFileSync(path.join(dir, CONTENT_STAMP_FILE), JSON.stringify(stamp))
}

/**
 * The content files whose text in `contentDir` differs from what the release in `releaseDir` shows (a file gone
 * counts as changed); null when the release keeps no stamp, so nothing can be told.
 */
export function contentSince(releaseDir: string, contentDir: string): string[] | null {
  const shown = readContentStamp(releaseDir)
  if (!shown) return null
  return Object.values(cmsRegistry)
    .map((entry) => `cms/${entry.file}`)
    .filter((name) => {
      const onDisk = path.join(contentDir, name.slice('cms/'.length))
      return !existsSync(onDisk) || shown[name] !== digest(readFileSync(onDisk, 'utf8'))
    })
}
