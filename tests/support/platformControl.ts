/**
 * Outage drills for the browser journeys: a loopback HTTP control over the
 * platform of its process. `tests/support/platformWithControl.ts` starts it, the
 * platform's entry the Playwright configuration names (PLATFORM_ENTRY);
 * it listens on a free port and writes its address into that file.
 *
 * - POST /suspend: the platform's port stops answering (connections refused), its data stays;
 * - POST /resume: it listens again on the same port;
 * - POST /slow?ms=4000: every API request runs, then its answer is held that long (1 to 60000 ms);
 * - POST /fail: every API request answers 500;
 * - POST /heal: no slowness, no failure, and listening again if suspended.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { RunningPlatform } from '../../platform'

type Controlled = Pick<RunningPlatform, 'suspend' | 'resume' | 'setFault'>

const MAX_DELAY_MS = 60_000

/** The drill a control request asks for, or a refusal naming what is accepted. */
export function controlAction(platform: Controlled, method: string | undefined, url: string | undefined): (() => Promise<void>) | string {
  const usage = 'POST /suspend, /resume, /slow?ms=N, /fail or /heal'
  if (method !== 'POST') return usage
  const address = new URL(url ?? '/', 'http://control')
  switch (address.pathname) {
    case '/suspend':
      return () => platform.suspend()
    case '/resume':
      return () => platform.resume()
    case '/slow': {
      const delayMs = Number(address.searchParams.get('ms') ?? 4000)
      if (!Number.isInteger(delayMs) || delayMs < 1 || delayMs > MAX_DELAY_MS) return `ms must be a whole number from 1 to ${MAX_DELAY_MS}`
      return async () => platform.setFault({ kind: 'slow', delayMs })
    }
    case '/fail':
      return async () => platform.setFault({ kind: 'fail' })
    case '/heal':
      return async () => {
        platform.setFault(null)
        await platform.resume()
      }
    default:
      return usage
  }
}

export async function startPlatformControl(platform: Controlled, file: string): Promise<string> {
  const server = createServer((req, res) => {
    const action = controlAction(platform, req.method, req.url)
    if (typeof action === 'string') {
      res.writeHead(404, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ error: action }))
      return
    }
    action().then(
      () => res.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ ok: true })),
      (error: Error) => res.writeHead(500, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ error: error.message })),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify({ url }))
  return url
}
