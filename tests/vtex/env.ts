/**
 * Where the VTEX journeys find the sandbox (scripts/vtex-sandbox.ts) they run
 * against: shared by playwright.vtex.config.ts and the specs. Ports of their
 * own, so the embedded journeys' servers may run beside them.
 */
import { tmpdir } from 'node:os'
import path from 'node:path'

export const vtexHost = '127.0.0.1'
export const vtexSitePort = Number(process.env.E2E_VTEX_SITE_PORT ?? process.env.E2E_SITE_PORT ?? 9320)
export const vtexPlatformPort = Number(process.env.E2E_VTEX_PLATFORM_PORT ?? process.env.E2E_PLATFORM_PORT ?? 9420)
export const vtexSimulatorPort = Number(process.env.E2E_VTEX_SIMULATOR_PORT ?? vtexSitePort + 15)
export const vtexSiteUrl = `http://${vtexHost}:${vtexSitePort}`
/** The simulated VTEX account's API host, which is also the store's secure domain the hand-offs point at. */
export const vtexSimulatorUrl = `http://${vtexHost}:${vtexSimulatorPort}`
/** The folder the sandbox builds in (its public/ and .cache/), apart from the embedded build of the project's own. */
export const vtexSandboxDir = process.env.E2E_VTEX_SANDBOX_DIR ?? path.join(tmpdir(), `pet-storefront-vtex-${vtexSitePort}`)
/** The file the sandbox copies everything it and its servers print into (VTEX_SANDBOX_LOG). */
export const vtexSandboxLog = process.env.E2E_VTEX_SANDBOX_LOG ?? path.join(tmpdir(), `pet-storefront-vtex-${vtexSitePort}.log`)
/** Products in both the simulator's and the embedded platform's seed (the same seed, so their skus agree). */
export const vtexSeedProducts = Number(process.env.E2E_VTEX_SEED_PRODUCTS ?? 60)

export function vtexServerEnv(): Record<string, string> {
  return {
    HOST: vtexHost,
    SITE_PORT: String(vtexSitePort),
    PLATFORM_PORT: String(vtexPlatformPort),
    VTEX_SIMULATOR_PORT: String(vtexSimulatorPort),
    PLATFORM_DATA_DIR: 'memory://',
    SEED_PRODUCTS: String(vtexSeedProducts),
    VTEX_SANDBOX_DIR: vtexSandboxDir,
    VTEX_SANDBOX_LOG: vtexSandboxLog,
  }
}
