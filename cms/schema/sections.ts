/**
 * The blocks editors compose pages from: the home page, landing, institutional
 * and generic pages, and flyers. Product shelves name a category, a brand or
 * neither (the whole catalog) and a sort; the build fills them from the
 * catalog, so a shelf is never a hand-kept list of products that go stale.
 */
import { z } from 'zod/v4'
import { color, image, link } from './common'

const sorts = ['score_desc', 'price_asc', 'price_desc', 'name_asc', 'name_desc', 'discount_desc', 'release_desc'] as const

export const heroSection = z.strictObject({
  type: z.literal('hero'),
  title: z.string().min(1),
  subtitle: z.string().default(''),
  image: image(),
  imageAlt: z.string().default(''),
  ctaLabel: z.string().min(1),
  ctaUrl: link(),
  background: color().default('#FDE8EF'),
})

export const categoryTilesSection = z.strictObject({
  type: z.literal('categoryTiles'),
  title: z.string().min(1),
  tiles: z
    .array(
      z.strictObject({
        label: z.string().min(1),
        url: link(),
        image: image(),
        background: color().default('#F5F6F7'),
      }),
    )
    .min(1),
})

export const productShelfSection = z.strictObject({
  type: z.literal('productShelf'),
  title: z.string().min(1),
  category: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+){0,3}$/, 'must be a category slug such as cane/cibo-secco').optional(),
  brand: z.string().regex(/^[a-z0-9-]+$/, 'must be a brand slug such as zampa-amica').optional(),
  sort: z.enum(sorts).default('score_desc'),
  limit: z.number().int().min(2).max(12).default(8),
  seeAllUrl: link().optional(),
})

export const brandStripSection = z.strictObject({
  type: z.literal('brandStrip'),
  title: z.string().min(1),
  brands: z.array(z.strictObject({ name: z.string().min(1), url: link() })).min(1),
})

export const richTextSection = z.strictObject({
  type: z.literal('richText'),
  title: z.string().optional(),
  blocks: z
    .array(
      z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('heading'), text: z.string().min(1) }),
        z.strictObject({ kind: z.literal('paragraph'), text: z.string().min(1) }),
        z.strictObject({ kind: z.literal('list'), items: z.array(z.string().min(1)).min(1) }),
        z.strictObject({ kind: z.literal('link'), text: z.string().min(1), url: link() }),
      ]),
    )
    .min(1),
})

export const promoBannerSection = z.strictObject({
  type: z.literal('promoBanner'),
  text: z.string().min(1),
  ctaLabel: z.string().min(1),
  ctaUrl: link(),
  background: color().default('#1A1A1A'),
  textColor: color().default('#FFFFFF'),
})

export const section = z.discriminatedUnion('type', [heroSection, categoryTilesSection, productShelfSection, brandStripSection, richTextSection, promoBannerSection])

export const sections = z.array(section).describe('The blocks of the page, top to bottom.')

export type CmsSection = z.infer<typeof section>
export type ProductShelfSection = z.infer<typeof productShelfSection>

export const seo = {
  title: z.string().min(1).max(70).describe('The page title in the browser tab and search results.'),
  description: z.string().min(1).max(170).describe('The summary search engines show.'),
}
