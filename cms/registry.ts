/**
 * Every content file editors may change, with the zod schema it must satisfy.
 * The schema is the single source: component props are `CmsData<'name'>`,
 * and `npm run cms:schemas` writes the JSON schemas in cms/json-schema/ that
 * editors' tools use for completion and checking.
 *
 * To add a content file: write its schema in cms/schema/, add it here, run
 * `npm run cms:schemas`, then query it with `cmsContent(name: {eq: "…"})`.
 */
import type { z } from 'zod/v4'
import { accountMenuSchema } from './schema/accountMenu'
import { footerSchema } from './schema/footer'
import { menuSchema } from './schema/menu'
import { smartBannersSchema } from './schema/smartBanners'
import { flyerPath, flyersSchema } from './schema/flyers'
import { homeSchema } from './schema/home'
import { cmsAppPagePath, cmsPagePath, pagesSchema } from './schema/pages'
import { servicesBookingSchema } from './schema/servicesBooking'
import { topHeaderSchema } from './schema/topHeader'

export interface CmsEntry<S extends z.ZodType = z.ZodType> {
  /** The file under cms/, e.g. "top-header.json". */
  file: string
  /** What the file holds, for the JSON schema's description. */
  description: string
  schema: S
  /** Site paths this content creates (CMS pages), so links to them validate. */
  pages?: (data: z.infer<S>) => string[]
}

const entry = <S extends z.ZodType>(e: CmsEntry<S>) => e

export const cmsRegistry = {
  topHeader: entry({
    file: 'top-header.json',
    description: 'The black bar above the header: its links and the promotional phrase.',
    schema: topHeaderSchema,
  }),
  menu: entry({
    file: 'menu.json',
    description: 'The navigation menu: the category drawer (four levels), the desktop sub-header and the top-category links.',
    schema: menuSchema,
  }),
  accountMenu: entry({
    file: 'account-menu.json',
    description: 'The private-area links of the logged-in account dropdown.',
    schema: accountMenuSchema,
  }),
  footer: entry({
    file: 'footer.json',
    description: 'The footer: link sections, contact and app links, social profiles, business data, payment icons and customer service.',
    schema: footerSchema,
  }),
  smartBanners: entry({
    file: 'smart-banners.json',
    description: 'The app banners at the bottom of the page, with separate desktop and mobile styling.',
    schema: smartBannersSchema,
  }),
  home: entry({
    file: 'home.json',
    description: 'The home page: its title and description, and its blocks (hero, category tiles, product shelves, brand strip…).',
    schema: homeSchema,
  }),
  pages: entry({
    file: 'pages.json',
    description: 'Landing, institutional and generic pages at /{slug}; institutional pages may also have an app variant at /app/{slug}.',
    schema: pagesSchema,
    pages: (data) => data.pages.flatMap((p) => (p.appVariant ? [cmsPagePath(p.slug), cmsAppPagePath(p.slug)] : [cmsPagePath(p.slug)])),
  }),
  flyers: entry({
    file: 'flyers.json',
    description: 'Flyers (volantini): validity, cover and product shelves filled from the catalog.',
    schema: flyersSchema,
    pages: (data) => data.flyers.map((f) => flyerPath(f.slug)),
  }),
  servicesBooking: entry({
    file: 'services-booking.json',
    description: 'The services-booking page: the services offered and the booking provider’s scripts.',
    schema: servicesBookingSchema,
    pages: (data) => [`/${data.slug}`],
  }),
} as const

export type CmsName = keyof typeof cmsRegistry
export type CmsData<N extends CmsName> = z.infer<(typeof cmsRegistry)[N]['schema']>
