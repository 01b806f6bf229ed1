/** Where the privacy notice and the cookie policy live: CMS pages (cms/pages.json) editors change (req CONSENT-08). */
export const PRIVACY_PATH = '/privacy'
export const COOKIE_POLICY_PATH = '/cookie-policy'
