/**
 * The tag-manager container, configured by environment (req CONSENT-05, CONSENT-06): GATSBY_GTM_ID names it
 * (nothing loads without it), GATSBY_GTM_ORIGIN serves it (Google's by default; the journeys' stand-in on
 * loopback). Read at build time by the page's consent script and at run time by the server's CSP.
 */

/** The real Google Tag Manager. */
export const DEFAULT_GTM_ORIGIN = 'https://www.googletagmanager.com'

/** A container id as Google Tag Manager writes it; anything else loads nothing. */
export const validGtmId = (id: string | undefined): id is string => !!id && /^GTM-[A-Z0-9]{4,12}$/.test(id)

/** The tag manager's origin from the environment, https (or loopback http, for the journeys' stand-in) only. */
export function gtmOrigin(value: string | undefined): string {
  if (!value) return DEFAULT_GTM_ORIGIN
  const url = new URL(value)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))) throw new Error(`GATSBY_GTM_ORIGIN must be https: ${value}`)
  return url.origin
}

/**
 * Origins the CSP opens when the container is configured (req CONSENT-06): the container's scripts, and for
 * Google's own GA4 tags the hosts they send hits to; a stand-in origin opens only itself.
 */
export function tagManagerOrigins(env: Readonly<Record<string, string | undefined>>): { script: string[]; connect: string[] } {
  if (!validGtmId(env.GATSBY_GTM_ID)) return { script: [], connect: [] }
  const origin = gtmOrigin(env.GATSBY_GTM_ORIGIN)
  if (origin !== DEFAULT_GTM_ORIGIN) return { script: [origin], connect: [origin] }
  return { script: [origin], connect: [origin, 'https://*.google-analytics.com', 'https://*.analytics.google.com'] }
}

