/**
 * Where the browser journeys find what the web server started: shared by
 * playwright.config.ts and the specs, read from the same environment.
 */
import path from 'node:path'

export const e2eHost = '127.0.0.1'
export const e2eSitePort = Number(process.env.E2E_SITE_PORT ?? 9300)
export const e2ePlatformPort = Number(process.env.E2E_PLATFORM_PORT ?? 9400)
export const e2ePlatformUrl = `http://${e2eHost}:${e2ePlatformPort}`
/** Enables the platform's admin endpoint for journeys that change stock or prices. */
export const e2eAdminToken = process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token'
/** The start script writes the address of its platform control here (tests/support/platformControl.ts). */
export const e2eControlFile = path.resolve('test-results', `platform-control-${e2ePlatformPort}.json`)
/**
 * The journeys' catalog (E2E_SEED_PRODUCTS, 300 by default) is built with the product pages past this
 * count deferred, so a journey can open one that the server renders on its first request.
 */
export const e2eSeedProducts = Number(process.env.E2E_SEED_PRODUCTS ?? 300)
export const e2ePrebuiltProducts = Number(process.env.E2E_PREBUILD_PRODUCTS ?? Math.max(0, e2eSeedProducts - 50))
/**
 * The journeys' build reports errors (sample rate 1) to a stand-in of the error-reporting service on this
 * port; the error-reporting journey listens there while it runs, and nothing does otherwise.
 */
export const e2eReportPort = Number(process.env.E2E_REPORT_PORT ?? e2eSitePort + 1)
export const e2eReportDsn = `http://e2epublickey@${e2eHost}:${e2eReportPort}/1`

/**
 * The journeys' build loads its tag-manager container from a stand-in on this port (tests/e2e/support/gtm.ts),
 * which the consent journey starts and which records every data-layer event the container receives.
 */
export const e2eGtmPort = Number(process.env.E2E_GTM_PORT ?? e2eSitePort + 2)
export const e2eGtmOrigin = `http://${e2eHost}:${e2eGtmPort}`
export const e2eGtmId = 'GTM-E2ETEST'

/**
 * The environment of the journeys' web server (`supervisor/start.ts`), also what the cluster test
 * (tests/cluster/) builds with when no build exists, so either can reuse the other's build.
 */
export function e2eServerEnv(reuseBuild = process.env.E2E_REUSE_BUILD === '1'): Record<string, string> {
  return {
    HOST: e2eHost,
    SITE_PORT: String(e2eSitePort),
    PLATFORM_PORT: String(e2ePlatformPort),
    PLATFORM_DATA_DIR: 'memory://',
    SEED_PRODUCTS: String(e2eSeedProducts),
    // The last product pages are deferred: rendered by the server through Gatsby's engines on their first request.
    PREBUILD_PRODUCTS: String(e2ePrebuiltProducts),
    // Journeys may change stock and prices, and take the platform down and back up.
    PLATFORM_ADMIN_TOKEN: e2eAdminToken,
    // The platform's process with the outage control (tests/support/platformWithControl.ts).
    PLATFORM_ENTRY: 'tests/support/platformWithControl.ts',
    PLATFORM_CONTROL_FILE: e2eControlFile,
    // `npm test` runs the fault journeys right after the others, over the site they just built.
    ...(reuseBuild ? { SKIP_BUILD: '1' } : {}),
    // Adds the page that throws a render error, for the error-boundary journey.
    RENDER_ERROR_PROBE: '1',
    // Every error is reported, to the stand-in the error-reporting journey starts.
    GATSBY_SENTRY_DSN: e2eReportDsn,
    GATSBY_SENTRY_SAMPLE_RATE: '1',
    // The container loads, after analytics consent, from the stand-in the consent journey starts.
    GATSBY_GTM_ID: e2eGtmId,
    GATSBY_GTM_ORIGIN: e2eGtmOrigin,
  }
}
