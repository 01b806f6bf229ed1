/**
 * Outage drills for the browser journeys: a loopback HTTP control that
 * suspends and resumes the platform of its process (its port stops answering,
 * its data stays). `scripts/serve-platform.ts` starts it only when PLATFORM_CONTROL_FILE is
 * set, which only the Playwright configuration does; it listens on a free
 * port and writes its address into that file.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { RunningPlatform } from '../platform'

export async function startPlatformControl(platform: Pick<RunningPlatform, 'suspend' | 'resume'>, file: string): Promise<string> {
  const server = createServer((req, res) => {
    const action = req.method === 'POST' ? { '/suspend': platform.suspend, '/resume': platform.resume }[req.url ?? ''] : undefined
    if (!action) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'POST /suspend or /resume' }))
      return
    }
    action().then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true })),
      (error: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message })),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify({ url }))
  return url
}
