import { cmsPages, readCms } from './load'
import { flyerIsBare, flyerSchema } from './schema/flyers'
import { cmsPageSchema } from './schema/pages'
import { isFlyer } from '../src/domain/pageType'

describe('catalog content files', () => {
  const content = readCms()

  it('create the flyer, CMS, app-variant and services-booking pages', () => {
    expect(cmsPages(content)).toEqual(expect.arrayContaining(['/volantino-mese', '/volantino-settimana', '/chi-siamo', '/app/chi-siamo', '/cuccioli', '/guida-alimentazione', '/prenota-servizi']))
    expect(cmsPages(content)).not.toContain('/app/cuccioli')
  })

  it('make /volantino-mese a bare fullscreen flyer and every flyer a flyer page type', () => {
    const month = content.flyers.flyers.find((f) => f.slug === 'volantino-mese')!
    expect(month.template).toBe('fullscreen')
    expect(flyerIsBare(month)).toBe(true)
    for (const flyer of content.flyers.flyers) expect(isFlyer(flyer.slug, flyer.template)).toBe(true)
  })

  it('render a flyer bare only with noLayout on the fullscreen or mobile template', () => {
    expect(flyerIsBare({ template: 'standard', noLayout: true })).toBe(false)
    expect(flyerIsBare({ template: 'mobile', noLayout: true })).toBe(true)
    expect(flyerIsBare({ template: 'fullscreen', noLayout: false })).toBe(false)
  })

  it('refuse a flyer whose slug does not start with volantino, or that ends before it starts', () => {
    const flyer = content.flyers.flyers[0]!
    expect(flyerSchema.safeParse({ ...flyer, slug: 'offerte' }).success).toBe(false)
    expect(flyerSchema.safeParse({ ...flyer, validFrom: '2026-12-01', validTo: '2026-11-01' }).error?.issues[0]?.path).toEqual(['validTo'])
  })

  it('send volantino pages to flyers.json and refuse bad slugs', () => {
    const page = content.pages.pages[0]!
    expect(cmsPageSchema.safeParse({ ...page, slug: 'volantino-extra' }).error?.issues[0]?.message).toMatch(/flyers\.json/)
    expect(cmsPageSchema.safeParse({ ...page, slug: 'Chi Siamo' }).success).toBe(false)
  })

  it('recognise flyers by name or by the fullscreen template', () => {
    expect(isFlyer('/volantino-natale')).toBe(true)
    expect(isFlyer('/offerte', 'fullscreen')).toBe(true)
    expect(isFlyer('/offerte', 'standard')).toBe(false)
  })
})
