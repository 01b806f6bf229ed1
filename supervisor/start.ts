/**
 * `npm start`: runs the embedded platform (migrating and seeding its database
 * on first run), builds the site from its catalog, then serves it through the
 * production server (serve/main.ts). Platform and storefront are separate
 * supervised processes: either one that dies is restarted, and the other goes
 * on serving. A build whose public/ holds a server-side secret (releases/secrets.ts)
 * stops here. SKIP_BUILD=1 serves the existing build; SKIP_SERVE=1 (npm run
 * build) stops after building.
 */
import path from 'node:path'
import { buildEnv } from '../releases/buildEnv'
import { readPorts, run, storefrontEnv } from './processes'
import { Releases } from '../releases/releases'
import { assertNoSecretsIn } from '../releases/secrets'
import { supervise, type Supervised } from './supervise'

async function main(): Promise<void> {
  const { host, sitePort, platformPort } = readPorts()
  const siteUrl = `http://${host}:${sitePort}`
  const platformUrl = `http://${host}:${platformPort}`
  // One environment for both processes, so both hold the same PLATFORM_PROXY_SECRET (a new one for this run unless
  // set): the platform believes the shopper's address the Functions pass on only with it.
  const env = storefrontEnv(platformUrl, siteUrl)
  const running: Supervised[] = []

  const stop = async (code: number): Promise<never> => {
    await Promise.all(running.map((process) => process.stop()))
    process.exit(code)
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0))

  try {
    const platform = supervise('platform', process.env.PLATFORM_ENTRY ?? 'supervisor/platformProcess.ts', { ...env, PLATFORM_PORT: String(platformPort), HOST: host }, `${platformUrl}/api/health`)
    running.push(platform)
    await platform.ready
    if (process.env.SKIP_BUILD !== '1') {
      // The server that runs rebuilds serves a copy of the last whole build: until this one ends, the project's
      // build folder holds none (releases/releases.ts).
      const releases = new Releases(path.resolve('.'))
      releases.markBuilding()
      const buildStarted = Date.now()
      await run('gatsby', ['build'], buildEnv(env))
      console.log(`site built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`)
      // The app key and token are for the Functions and the build alone: a build that published them is not served.
      assertNoSecretsIn(path.resolve('public'), env)
      console.log('public/ holds no server-side secret')
      releases.markBuilt()
    }
    if (process.env.SKIP_SERVE === '1') return void (await stop(0))
    const site = supervise('storefront', 'serve/main.ts', { ...env, SITE_PORT: String(sitePort), HOST: host }, siteUrl)
    running.push(site)
    await site.ready
  } catch (error) {
    console.error(error)
    await stop(1)
  }
  console.log(`\n  Storefront: ${siteUrl}\n  Platform:   ${platformUrl}\n  Node:       ${process.version}\n`)
}

void main()
