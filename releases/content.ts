/**
 * The fast path for a change to a content page's file (the home page, the CMS pages, the flyers, the services
 * booking): instead of `gatsby build`, which at 100,000 products takes about a minute for one CMS page because it
 * starts Gatsby, keeps the catalog and creates every product page again, only the pages that read the changed file
 * are rendered again and put into a new release (./republish.ts). Which pages, and their data, come from
 * src/build/contentChange.ts. The content is read and checked as the build reads it (the cms schemas, then every
 * site link against the build's pages and the content's own), so a content error is refused the same way.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { checkLinks, cmsPages, contentDir, readCms } from '../cms/load'
import { builtContentPages, contentPagesChanged, type ContentChangeInput } from '../src/build/contentChange'
import { SITE_PATHS_FILE } from '../src/build/sitePaths'
import { CONTENT_STAMP_FILE, readContentStamp, stampAfter, stampingReader, type ContentStamp } from '../src/build/contentStamp'
import type { PageData } from './pageRenderer'
import { republish, type RepublishOptions, type RepublishReport } from './republish'

export interface ContentChangeOptions extends RepublishOptions {
  projectDir: string
  /** The catalog the shelves are filled from (the fresh catalog by default). */
  catalog?: ContentChangeInput<PageData>['catalog']
}

/** Renders the pages that read these content files into a new release and switches to it; throws and switches nothing on any doubt. */
export async function publishContentChange(options: ContentChangeOptions, files: readonly string[], stage: (name: string) => void = () => undefined): Promise<RepublishReport> {
  stage('controllo dei contenuti')
  const from = options.releases.currentDir()
  const built = builtContentPages(from)
  if (!from) throw new Error('no release to change')
  const stamp: ContentStamp = {}
  const content = readCms(stampingReader((file) => readFileSync(path.join(contentDir(options.env), file), 'utf8'), stamp))
  const sitePaths = new Set(JSON.parse(readFileSync(path.join(options.projectDir, SITE_PATHS_FILE), 'utf8')) as string[])
  for (const page of cmsPages(content)) sitePaths.add(page)
  checkLinks(content, (sitePath) => sitePaths.has(sitePath))
  // The release records the files it shows now (src/build/contentStamp.ts), even when no page's data changed.
  const shows = stampAfter(readContentStamp(from), stamp, files)
  return republish({ ...options, ...(shows ? { alsoWrite: { [CONTENT_STAMP_FILE]: JSON.stringify(shows) } } : {}) }, (read) => contentPagesChanged<PageData>({ files, content, built, read, ...(options.catalog ? { catalog: options.catalog } : {}) }), stage)
}
