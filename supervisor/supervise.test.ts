import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { supervise, type Supervised } from './supervise'

/** A child that answers on its port with its pid, and exits with code 3 when asked to crash. */
const CHILD = `
import http from 'node:http'
http.createServer((req, res) => {
  if (req.url === '/crash') process.exit(3)
  res.end(String(process.pid))
}).listen(Number(process.env.PORT), '127.0.0.1')
`

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const pidAt = async (port: number): Promise<number | null> =>
  fetch(`http://127.0.0.1:${port}/`).then(
    async (r) => Number(await r.text()),
    () => null,
  )

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${String(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('supervise', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zampa-supervise-'))
  const script = path.join(dir, 'child.mjs')
  writeFileSync(script, CHILD)
  const running: Supervised[] = []
  const reports: string[] = []
  let spy: jest.SpyInstance

  beforeAll(() => {
    spy = jest.spyOn(console, 'error').mockImplementation((message: unknown) => void reports.push(String(message)))
  })

  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()))
    spy.mockRestore()
    rmSync(dir, { recursive: true, force: true })
  })

  it('restarts a child that dies, reports it, and leaves the other child running', async () => {
    const [sitePort, platformPort] = [await freePort(), await freePort()]
    const site = supervise('storefront', script, { ...process.env, PORT: String(sitePort) }, `http://127.0.0.1:${sitePort}/`)
    const platform = supervise('platform', script, { ...process.env, PORT: String(platformPort) }, `http://127.0.0.1:${platformPort}/`)
    running.push(site, platform)
    await Promise.all([site.ready, platform.ready])
    const platformPid = await pidAt(platformPort)
    const firstSitePid = await pidAt(sitePort)
    expect(firstSitePid).toBe(site.pid)

    await fetch(`http://127.0.0.1:${sitePort}/crash`).catch(() => undefined)
    const secondSitePid = await until(() => pidAt(sitePort), (pid) => pid !== null && pid !== firstSitePid)

    expect(secondSitePid).toBe(site.pid)
    expect(site.restarts).toBe(1)
    expect(reports).toContainEqual(expect.stringMatching(/^\[supervisor\] storefront exited \(code 3\); restart 1 in 1 s$/))
    // The other child was never touched.
    expect(await pidAt(platformPort)).toBe(platformPid)
    expect(platform.restarts).toBe(0)
  }, 60_000)

  it('stops for good: no restart after stop', async () => {
    const port = await freePort()
    const child = supervise('probe', script, { ...process.env, PORT: String(port) }, `http://127.0.0.1:${port}/`)
    running.push(child)
    await child.ready
    await child.stop()
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(await pidAt(port)).toBeNull()
    expect(child.restarts).toBe(0)
  }, 30_000)
})
