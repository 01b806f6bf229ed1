/**
 * Where content pages live, and how a flyer is laid out: what the page
 * templates read in the browser, kept apart from the schemas so no page
 * bundle carries the editors' zod.
 */

/** Where a CMS page and its app variant live. */
export const cmsPagePath = (slug: string) => `/${slug}`
export const cmsAppPagePath = (slug: string) => `/app/${slug}`

export const flyerPath = (slug: string) => `/${slug}`

/** A flyer on the mobile or fullscreen template with noLayout renders bare (req LAYOUT-02). */
export const flyerIsBare = (flyer: { template: string; noLayout?: boolean }) => Boolean(flyer.noLayout) && flyer.template !== 'standard'
