import { z } from 'zod/v4'
import { sections, seo } from './sections'

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens, e.g. chi-siamo')
  .refine((s) => !s.startsWith('volantino'), { message: 'pages starting with "volantino" are flyers: add them to flyers.json' })

export const cmsPageSchema = z.strictObject({
  slug: slug.describe('The page lives at /{slug}.'),
  kind: z.enum(['landing', 'institutional', 'generic']).describe('Landing pages run edge to edge; institutional pages are the shop’s own information.'),
  ...seo,
  heading: z.string().min(1),
  layout: z.enum(['main', 'full-width']).default('main'),
  appVariant: z.boolean().default(false).describe('Also publish /app/{slug} without header and footer, for the mobile app.'),
  sections,
})

export const pagesSchema = z.strictObject({
  pages: z.array(cmsPageSchema).refine((pages) => new Set(pages.map((p) => p.slug)).size === pages.length, { message: 'two pages have the same slug' }),
})

export type CmsPage = z.infer<typeof cmsPageSchema>

export { cmsAppPagePath, cmsPagePath } from '../paths'
