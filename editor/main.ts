/**
 * `npm run editor`: the editing screen on http://127.0.0.1:9200. EDITOR_HOST
 * binds it elsewhere (only behind a TLS proxy: EDITOR_SECURE_COOKIE=1, and
 * EDITOR_TRUST_PROXY naming the proxy so the login's limit counts each
 * editor's own address), EDITOR_PORT moves it, EDITOR_USERS_FILE names the
 * editors' file (sessions are kept beside it), EDITOR_IDLE_MINUTES ends a
 * session left without a request (30 by default),
 * EDITOR_HEADERS_TIMEOUT_MS and the other limits of http/limits.ts bound slow
 * clients, EDITOR_ROOT the git work tree holding cms/ and static/cms/ (this project by
 * default), EDITOR_SITE_DIR the build whose page list links are checked against.
 * With BUILD_HOOK_TOKEN set (the storefront server's too), each publish asks the
 * storefront at STOREFRONT_URL (http://127.0.0.1:9000) to rebuild, and the
 * screen follows that build until the change is live.
 */
import path from 'node:path'
import { stopOnSignals } from '../http/shutdown'
import { isGitRepository } from './content'
import { buildSitePaths } from '../src/build/sitePaths'
import { buildEditorServer, editorHttpLimits } from './server'

async function main(): Promise<void> {
  const root = path.resolve(process.env.EDITOR_ROOT ?? '.')
  if (!isGitRepository(root)) throw new Error(`${root} is not a git work tree: publishing records every change in git`)
  const host = process.env.EDITOR_HOST ?? '127.0.0.1'
  // Passwords and the session cookie cross the network only inside TLS: off loopback, a TLS proxy must front the screen.
  if (!['127.0.0.1', '::1', 'localhost'].includes(host) && process.env.EDITOR_SECURE_COOKIE !== '1')
    throw new Error(`EDITOR_HOST=${host} is not loopback: put the screen behind a TLS proxy and set EDITOR_SECURE_COOKIE=1`)
  const siteDir = path.resolve(process.env.EDITOR_SITE_DIR ?? '.')
  const trustProxy = (process.env.EDITOR_TRUST_PROXY ?? '').split(',').map((address) => address.trim()).filter(Boolean)
  const app = await buildEditorServer({
    repository: { root, sitePaths: buildSitePaths(siteDir) },
    editorsFile: path.resolve(process.env.EDITOR_USERS_FILE ?? '.data/editors.json'),
    ...(process.env.EDITOR_IDLE_MINUTES ? { idleMinutes: Number(process.env.EDITOR_IDLE_MINUTES) } : {}),
    ...(trustProxy.length ? { trustProxy } : {}),
    limits: editorHttpLimits(process.env, trustProxy.length > 0),
    secureCookie: process.env.EDITOR_SECURE_COOKIE === '1',
    ...(process.env.BUILD_HOOK_TOKEN ? { builds: { url: process.env.STOREFRONT_URL ?? 'http://127.0.0.1:9000', token: process.env.BUILD_HOOK_TOKEN } } : {}),
  })
  const url = await app.listen({ host, port: Number(process.env.EDITOR_PORT ?? 9200) })
  console.info(`editing screen listening on ${url}`)
  stopOnSignals({ close: () => app.close(), onStop: () => undefined, forceExitAfterMs: 5_000 })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
