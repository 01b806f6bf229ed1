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
/** The start script writes the address of its platform control here (serve/platformControl.ts). */
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
