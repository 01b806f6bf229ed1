/**
 * Rules every valid content holds, whatever editors write: each file passes
 * its schema (readCms stops here otherwise) and names its JSON schema, each
 * page the content creates is new and of the right page type, shelves name
 * what the catalog has, pictures exist. None names a page or a value of
 * today's content, so an editor's change keeps them green; the loader's
 * errors and the link check live in load.test.ts.
 */
import { existsSync, readFileSync } from 'fs'
import path from 'path'
import { cmsPages, CMS_DIR, readCms } from './load'
import { cmsRegistry, type CmsName } from './registry'
import { flyerIsBare, flyerPath, flyerSchema } from './schema/flyers'
import { cmsAppPagePath, cmsPagePath, cmsPageSchema } from './schema/pages'
import type { CmsSection } from './schema/sections'
import { buildBrands } from '../platform/db/seed/brands'
import { buildCategories } from '../platform/db/seed/categories'
import { isFlyer, pageTypeOf } from '../src/domain/pageType'
import { paths, staticRoutes } from '../src/config/paths'

const content = readCms()
const created = cmsPages(content)
const categorySlugs = new Set(buildCategories().map((c) => c.slug))
const brandSlugs = new Set(buildBrands().map((b) => b.slug))

/** Every string in a value, with where it sits. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k))
  return []
}

/** Every block of every page built from sections, flyers' shelves included. */
const shelves = (): CmsSection[] => [...content.home.sections, ...content.pages.pages.flatMap((p) => p.sections), ...content.flyers.flyers.flatMap((f) => f.shelves)]

describe('every content file', () => {
  // readCms above has already checked each file against its zod schema.
  it.each(Object.keys(cmsRegistry) as CmsName[])('%s names its own JSON schema, so editors get completion and checks', (name) => {
    const { file } = cmsRegistry[name]
    const { $schema } = JSON.parse(readFileSync(path.join(CMS_DIR, file), 'utf8')) as { $schema?: string }
    expect($schema).toBe(`./json-schema/${file.replace(/\.json$/, '.schema.json')}`)
    expect(existsSync(path.join(CMS_DIR, $schema!))).toBe(true)
  })

  it('names only pictures that exist under static/', () => {
    const pictures = strings(content).filter(([, value]) => value.startsWith('/cms/'))
    for (const [at, picture] of pictures) expect([at, existsSync(path.join(CMS_DIR, '..', 'static', picture))]).toEqual([at, true])
  })
})

describe('pages the content creates', () => {
  it('are each created once, none over a catalog page or a file route', () => {
    expect(new Set(created).size).toBe(created.length)
    const catalog = new Set<string>([...staticRoutes, ...[...categorySlugs].map(paths.category), ...[...brandSlugs].map(paths.brand)])
    expect(created.filter((p) => catalog.has(p))).toEqual([])
  })

  it('publish every CMS page at /{slug}, and at /app/{slug} exactly when it asks for an app variant', () => {
    for (const page of content.pages.pages) {
      expect(created).toContain(cmsPagePath(page.slug))
      expect([page.slug, created.includes(cmsAppPagePath(page.slug))]).toEqual([page.slug, page.appVariant])
    }
    expect(created).toContain(`/${content.servicesBooking.slug}`)
  })

  it('make every flyer a flyer page, and no other page one', () => {
    for (const flyer of content.flyers.flyers) {
      expect(created).toContain(flyerPath(flyer.slug))
      expect(isFlyer(flyerPath(flyer.slug), flyer.template)).toBe(true)
      expect(pageTypeOf(flyerPath(flyer.slug))).toBe('flyer')
    }
    const others = [...content.pages.pages.map((p) => cmsPagePath(p.slug)), `/${content.servicesBooking.slug}`]
    for (const page of others) expect([page, isFlyer(page)]).toEqual([page, false])
  })

  it('fill every product shelf from a category or a brand the catalog has', () => {
    for (const shelf of shelves()) {
      if (shelf.type !== 'productShelf') continue
      if (shelf.category) expect([shelf.title, categorySlugs.has(shelf.category)]).toEqual([shelf.title, true])
      if (shelf.brand) expect([shelf.title, brandSlugs.has(shelf.brand)]).toEqual([shelf.title, true])
    }
  })
})

describe('content rules', () => {
  const flyer = {
    slug: 'volantino-prova',
    title: 'Volantino di prova',
    description: 'Un volantino per le prove.',
    heading: 'Offerte',
    validFrom: '2026-11-01',
    validTo: '2026-11-30',
    cover: { image: '/cms/prova.svg' },
    shelves: [{ type: 'productShelf', title: 'Cane', category: 'cane' }],
  }
  const page = { slug: 'chi-siamo', kind: 'institutional', title: 'Chi siamo', description: 'Il negozio.', heading: 'Chi siamo', sections: [] }

  it('render a flyer bare only with noLayout on the fullscreen or mobile template', () => {
    expect(flyerIsBare({ template: 'standard', noLayout: true })).toBe(false)
    expect(flyerIsBare({ template: 'mobile', noLayout: true })).toBe(true)
    expect(flyerIsBare({ template: 'fullscreen', noLayout: true })).toBe(true)
    expect(flyerIsBare({ template: 'fullscreen', noLayout: false })).toBe(false)
  })

  it('refuse a flyer whose slug does not start with volantino, or that ends before it starts', () => {
    expect(flyerSchema.safeParse(flyer).success).toBe(true)
    expect(flyerSchema.safeParse({ ...flyer, slug: 'offerte' }).success).toBe(false)
    expect(flyerSchema.safeParse({ ...flyer, validFrom: '2026-12-01', validTo: '2026-11-01' }).error?.issues[0]?.path).toEqual(['validTo'])
  })

  it('send volantino pages to flyers.json and refuse bad slugs', () => {
    expect(cmsPageSchema.safeParse(page).success).toBe(true)
    expect(cmsPageSchema.safeParse({ ...page, slug: 'volantino-extra' }).error?.issues[0]?.message).toMatch(/flyers\.json/)
    expect(cmsPageSchema.safeParse({ ...page, slug: 'Chi Siamo' }).success).toBe(false)
  })

  it('recognise flyers by name or by the fullscreen template', () => {
    expect(isFlyer('/volantino-natale')).toBe(true)
    expect(isFlyer('/offerte', 'fullscreen')).toBe(true)
    expect(isFlyer('/offerte', 'standard')).toBe(false)
  })
})
