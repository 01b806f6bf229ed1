import { z } from 'zod/v4'
import { image } from './common'
import { productShelfSection, seo } from './sections'

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-05-31')

export const flyerSchema = z
  .strictObject({
    slug: z.string().regex(/^volantino(-[a-z0-9]+)*$/, 'flyer slugs start with "volantino", e.g. volantino-mese'),
    template: z.enum(['standard', 'fullscreen', 'mobile']).default('standard').describe('fullscreen: edge to edge; mobile: a single narrow column.'),
    noLayout: z.boolean().default(false).describe('With the fullscreen or mobile template: no header and footer.'),
    ...seo,
    heading: z.string().min(1),
    validFrom: date,
    validTo: date,
    cover: z.strictObject({ image: image(), alt: z.string().default('') }),
    shelves: z.array(productShelfSection).min(1),
  })
  .refine((f) => f.validFrom <= f.validTo, { message: 'validFrom must not be after validTo', path: ['validTo'] })

export const flyersSchema = z.strictObject({
  flyers: z.array(flyerSchema).refine((flyers) => new Set(flyers.map((f) => f.slug)).size === flyers.length, { message: 'two flyers have the same slug' }),
})

export type Flyer = z.infer<typeof flyerSchema>

export { flyerIsBare, flyerPath } from '../paths'
