/**
 * The redirect chain between the platform and the storefront, over real
 * servers: the platform's login and logout send the browser back to a
 * `returnUrl` on the storefront, and the storefront may redirect again (one
 * address per page). Every hop of every chain must stay on the two sites,
 * whatever path the returnUrl carries.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { startPlatform, type RunningPlatform } from '../platform'
import { buildServer } from './app'

const PAGE = '<!DOCTYPE html><html><body>Cane</body></html>'

let siteDir: string
let site: FastifyInstance
let siteUrl: string
let platform: RunningPlatform

beforeAll(async () => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'zampa-redirects-'))
  for (const [name, content] of [
    ['public/index.html', PAGE],
    ['public/cane/index.html', PAGE],
    ['public/404.html', '<!DOCTYPE html><html><body>Pagina non trovata</body></html>'],
  ] as const) {
    mkdirSync(path.dirname(path.join(siteDir, name)), { recursive: true })
    writeFileSync(path.join(siteDir, name), content)
  }
  site = await buildServer({ siteDir, functions: [], security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] } })
  siteUrl = await site.listen({ host: '127.0.0.1', port: 0 })
  // The platform trusts the storefront, as `npm start` sets it up.
  process.env.PLATFORM_TRUSTED_ORIGINS = siteUrl
  platform = await startPlatform({ host: '127.0.0.1', port: 0, dataDir: 'memory://', seedProducts: 10 })
}, 120_000)

afterAll(async () => {
  delete process.env.PLATFORM_TRUSTED_ORIGINS
  await site?.close()
  await platform?.close()
  rmSync(siteDir, { recursive: true, force: true })
})

/** Follows redirects by hand, as a browser would resolve each Location, and answers every address visited. */
async function follow(first: Response, from: string): Promise<string[]> {
  const visited: string[] = []
  let answer = first
  let at = from
  for (let hop = 0; hop < 10 && answer.status >= 300 && answer.status < 400; hop++) {
    at = new URL(answer.headers.get('location')!, at).toString()
    visited.push(at)
    answer = await fetch(at, { redirect: 'manual', headers: { accept: 'text/html' } })
  }
  return visited
}

const offSite = ['//evil.example/', '///evil.example/', '/.//evil.example/', '/%2F%2Fevil.example/', '/%5Cevil.example/', '//evil.example/?a=1']

describe('the redirect chain from the platform through the storefront', () => {
  it.each(offSite)('logout with returnUrl <storefront>%s never leaves the two sites', async (rawPath) => {
    const returnUrl = `${siteUrl}${rawPath}`
    const loggedOut = await fetch(`${platform.url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl },
      body: new URLSearchParams({ returnUrl }).toString(),
    })
    expect(loggedOut.status).toBe(303)
    const visited = await follow(loggedOut, `${platform.url}/logout`)
    expect(visited.length).toBeGreaterThan(0)
    expect(visited.filter((address) => ![siteUrl, platform.url].includes(new URL(address).origin))).toEqual([])
    // The platform falls back to its own login page rather than hand the storefront that path.
    expect(visited[0]).toBe(`${platform.url}/login`)
  })

  it.each(offSite)('the login form carries no returnUrl <storefront>%s, only the fallback', async (rawPath) => {
    const page = await (await fetch(`${platform.url}/login?returnUrl=${encodeURIComponent(`${siteUrl}${rawPath}`)}`)).text()
    expect(page).toContain('name="returnUrl" value="/account"')
    expect(page).not.toContain('evil.example')
  })

  it('a returnUrl on the storefront with a trailing slash lands on the page, through both redirects', async () => {
    const loggedOut = await fetch(`${platform.url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl },
      body: new URLSearchParams({ returnUrl: `${siteUrl}/cane/?a=1` }).toString(),
    })
    expect(await follow(loggedOut, `${platform.url}/logout`)).toEqual([`${siteUrl}/cane/?a=1`, `${siteUrl}/cane?a=1`])
  })

  it.each(offSite)('the storefront alone answers %s with no Location', async (rawPath) => {
    const answer = await fetch(`${siteUrl}${rawPath}`, { redirect: 'manual', headers: { accept: 'text/html' } })
    expect([answer.status, answer.headers.get('location')]).toEqual([404, null])
  })
})
