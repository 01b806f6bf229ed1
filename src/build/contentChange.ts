/**
 * The pages a change to a content page's file shows on, with the data a build would give them now: what the content
 * fast path (releases/content.ts) renders instead of running `gatsby build`.
 *
 * Each of these files is read by its own pages' queries and by nothing else (the frame's static queries read
 * only the frame's files, releases/frame.ts):
 * - `home.json`: the home page (its query's `cmsContent`, and its shelves);
 * - `pages.json`: each CMS page and its app variant (`cmsEntry`, and its shelves);
 * - `flyers.json`: each flyer's page (`cmsEntry`, and its shelves);
 * - `services-booking.json`: the booking page (`cmsContent`).
 * Shelves are filled again as the build fills them (./listings.ts). A page whose data comes out the same is left alone.
 *
 * A change that adds, removes or moves a page (a new slug, an app variant turned on) needs `createPage`, so it is
 * refused with the reason and the caller builds the whole site.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { cmsPages, type CmsContent } from '../../cms/load'
import { flyerPath } from '../../cms/schema/flyers'
import { cmsAppPagePath, cmsPagePath } from '../../cms/schema/pages'
import type { CmsSection } from '../../cms/schema/sections'
import { freshCatalog, type CatalogAdapter } from '../commerce'
import { catalogNames } from '../handlers/catalogNames'
import { NeedsBuild, type ChangedPage, type PageDataOf } from './catalogChange'
import { fillShelves } from './listings'

/** The content files this fast path carries. */
export const PAGE_CONTENT_FILES: readonly string[] = ['cms/home.json', 'cms/pages.json', 'cms/flyers.json', 'cms/services-booking.json']

/** Where a build lists the content pages it made (gatsby-node.ts), in the build folder and each release. */
export const CONTENT_PAGES_FILE = path.join('.cache', 'content-pages.json')

/** The content pages the build in `dir` (a build folder or a release) made; throws when it does not list them. */
export function builtContentPages(dir: string | null): string[] {
  const file = dir ? path.join(dir, CONTENT_PAGES_FILE) : ''
  if (!dir || !existsSync(file)) throw new Error('the release does not list the content pages it was built with')
  return JSON.parse(readFileSync(file, 'utf8')) as string[]
}

export interface ContentChangeInput<P extends PageDataOf> {
  files: readonly string[]
  /** The content as it is now, checked as the build checks it. */
  content: CmsContent
  /** The content pages the served build made (CONTENT_PAGES_FILE). */
  built: readonly string[]
  read: (pagePath: string) => Promise<P | null>
  catalog?: CatalogAdapter
}

interface Target {
  path: string
  /** The page query's field and its new answer. */
  field: 'cmsContent' | 'cmsEntry'
  data: unknown
  sections: CmsSection[] | null
  file: string
}

/** Every page whose data the change of these files changes, before and after. */
export async function contentPagesChanged<P extends PageDataOf>(input: ContentChangeInput<P>): Promise<ChangedPage<P>[]> {
  const now = [...cmsPages(input.content)].sort()
  const built = [...input.built].sort()
  if (now.join('\n') !== built.join('\n')) {
    const added = now.filter((page) => !built.includes(page))
    const removed = built.filter((page) => !now.includes(page))
    throw new NeedsBuild(`the content adds or removes pages (${[...added.map((p) => `+${p}`), ...removed.map((p) => `-${p}`)].join(', ')})`)
  }
  const { content } = input
  const files = new Set(input.files)
  const targets: Target[] = []
  if (files.has('cms/home.json')) targets.push({ path: '/', field: 'cmsContent', data: content.home, sections: content.home.sections, file: 'home.json' })
  if (files.has('cms/services-booking.json')) targets.push({ path: `/${content.servicesBooking.slug}`, field: 'cmsContent', data: content.servicesBooking, sections: null, file: 'services-booking.json' })
  if (files.has('cms/pages.json')) {
    for (const page of content.pages.pages) {
      for (const at of [cmsPagePath(page.slug), ...(page.appVariant ? [cmsAppPagePath(page.slug)] : [])]) targets.push({ path: at, field: 'cmsEntry', data: page, sections: page.sections, file: 'pages.json' })
    }
  }
  if (files.has('cms/flyers.json')) {
    for (const flyer of content.flyers.flyers) targets.push({ path: flyerPath(flyer.slug), field: 'cmsEntry', data: flyer, sections: flyer.shelves, file: 'flyers.json' })
  }

  const catalog = input.catalog ?? freshCatalog()
  const names = targets.some((target) => target.sections) ? await catalogNames(catalog) : null
  const changed: ChangedPage<P>[] = []
  const shelvesOf = new Map<unknown, Promise<unknown>>()
  for (const target of targets) {
    const before = await input.read(target.path)
    if (!before) throw new NeedsBuild(`the served build has no page ${target.path}`)
    const shown = before.result.data?.[target.field] as { data?: unknown } | undefined
    if (!shown || !('data' in shown)) throw new NeedsBuild(`the page ${target.path} does not read ${target.field}`)
    const result: P['result'] = { ...before.result, data: { ...before.result.data, [target.field]: { ...shown, data: target.data } } }
    if (target.sections && names) {
      // A page and its app variant share their shelves, filled once.
      if (!shelvesOf.has(target.data)) shelvesOf.set(target.data, fillShelves(catalog, names, target.sections, target.file))
      result.pageContext = { ...before.result.pageContext, shelves: await shelvesOf.get(target.data) }
    }
    if (JSON.stringify(result) !== JSON.stringify(before.result)) changed.push({ path: target.path, before, after: { ...before, result } })
  }
  return changed
}
