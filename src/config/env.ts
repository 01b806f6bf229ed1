/**
 * Reads a build-time variable. Gatsby inlines `process.env.GATSBY_*` into the
 * browser bundle only when written literally, so each name is listed here.
 */
export function readEnv(name: BuildEnvName): string | undefined {
  const value = buildEnv()[name]
  return value === undefined || value === '' ? undefined : value
}

export type BuildEnvName =
  | 'GATSBY_PLATFORM_URL'
  | 'GATSBY_STORE_URL'
  | 'GATSBY_STORE_ACCOUNT'
  | 'GATSBY_STORE_API_ACCOUNT'
  | 'GATSBY_STORE_WORKSPACE'
  | 'GATSBY_COMMERCE_PLATFORM'
  | 'GATSBY_SECURE_SUBDOMAIN'
  | 'GATSBY_CHECKOUT_URL'
  | 'GATSBY_LOGIN_URL'
  | 'GATSBY_ACCOUNT_URL'
  | 'GATSBY_REGISTRATION_URL'
  | 'GATSBY_PROVIDER_LOGOUT_URL'
  | 'GATSBY_SENTRY_DSN'
  | 'GATSBY_SENTRY_SAMPLE_RATE'
  | 'GATSBY_SHARED_CART_RECHECK_MS'
  | 'GATSBY_IMAGE_ORIGIN'

function buildEnv(): Record<BuildEnvName, string | undefined> {
  return {
    GATSBY_PLATFORM_URL: process.env.GATSBY_PLATFORM_URL,
    GATSBY_STORE_URL: process.env.GATSBY_STORE_URL,
    GATSBY_STORE_ACCOUNT: process.env.GATSBY_STORE_ACCOUNT,
    GATSBY_STORE_API_ACCOUNT: process.env.GATSBY_STORE_API_ACCOUNT,
    GATSBY_STORE_WORKSPACE: process.env.GATSBY_STORE_WORKSPACE,
    GATSBY_COMMERCE_PLATFORM: process.env.GATSBY_COMMERCE_PLATFORM,
    GATSBY_SECURE_SUBDOMAIN: process.env.GATSBY_SECURE_SUBDOMAIN,
    GATSBY_CHECKOUT_URL: process.env.GATSBY_CHECKOUT_URL,
    GATSBY_LOGIN_URL: process.env.GATSBY_LOGIN_URL,
    GATSBY_ACCOUNT_URL: process.env.GATSBY_ACCOUNT_URL,
    GATSBY_REGISTRATION_URL: process.env.GATSBY_REGISTRATION_URL,
    GATSBY_PROVIDER_LOGOUT_URL: process.env.GATSBY_PROVIDER_LOGOUT_URL,
    GATSBY_SENTRY_DSN: process.env.GATSBY_SENTRY_DSN,
    GATSBY_SENTRY_SAMPLE_RATE: process.env.GATSBY_SENTRY_SAMPLE_RATE,
    GATSBY_SHARED_CART_RECHECK_MS: process.env.GATSBY_SHARED_CART_RECHECK_MS,
    GATSBY_IMAGE_ORIGIN: process.env.GATSBY_IMAGE_ORIGIN,
  }
}
