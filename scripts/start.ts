/**
 * `npm start`: starts the embedded platform (migrating and seeding its
 * database on first run), builds the site from its catalog, then serves the
 * site and its Functions on one port while the platform keeps its own.
 * SKIP_BUILD=1 serves the existing build; SKIP_SERVE=1 (npm run build) stops after building.
 */
import { startPlatform } from '../platform'
import { startPlatformControl } from './platform-control'
import { readPorts, run, startServer, storefrontEnv } from './processes'

async function main(): Promise<void> {
  const { host, sitePort, platformPort } = readPorts()
  const started = Date.now()
  const platform = await startPlatform({ host, port: platformPort })
  console.log(`platform ready at ${platform.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  // Browser journeys only: lets a test take the platform down and bring it back.
  const controlFile = process.env.PLATFORM_CONTROL_FILE
  if (controlFile) console.log(`platform control at ${await startPlatformControl(platform, controlFile)}`)

  const siteUrl = `http://${host}:${sitePort}`
  const env = storefrontEnv(platform.url, siteUrl)

  const stop = async (code: number) => {
    await platform.close().catch(() => undefined)
    process.exit(code)
  }

  try {
    if (process.env.SKIP_BUILD !== '1') {
      const buildStarted = Date.now()
      await run('gatsby', ['build'], env)
      console.log(`site built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`)
    }
  } catch (error) {
    console.error(error)
    await stop(1)
    return
  }

  if (process.env.SKIP_SERVE === '1') {
    await stop(0)
    return
  }

  const server = startServer('gatsby', ['serve', '-H', host, '-p', String(sitePort)], env)
  server.on('exit', (code) => void stop(code ?? 0))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.kill(signal)
    })
  }
  await waitUntilUp(siteUrl)
  console.log(`\n  Storefront: ${siteUrl}\n  Platform:   ${platform.url}\n`)
}

async function waitUntilUp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

void main()
