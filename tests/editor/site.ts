/**
 * The publish journeys' whole shop on the journeys' own loopback ports: the
 * embedded platform (300 products, in memory, its catalog hook pointed at the
 * storefront), a `gatsby build` of a throwaway git copy of cms/, the
 * production server running the rebuilds (BUILD_HOOK_TOKEN), and the editing
 * screen publishing into that copy and asking the storefront to rebuild.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startPlatform } from '../../platform'
import { buildEnv } from '../../releases/buildEnv'
import { run, storefrontEnv } from '../../supervisor/processes'
import { writeEditor } from '../../editor/auth'
import { buildEditorServer } from '../../editor/server'
import { contentRepository, linkedPaths } from '../support/contentRepo'
import { e2eAdminToken, e2eHost, e2ePlatformPort, e2eServerEnv, e2eSitePort } from '../e2e/support/env'
import { BUILD_HOOK_TOKEN, CONTENT_ROOT_FILE, EDITOR_EMAIL, EDITOR_NAME, EDITOR_PASSWORD, editorPort } from './env'
import { writeFileSync } from 'node:fs'
import { Releases } from '../../releases/releases'

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`)
}

async function main(): Promise<void> {
  const root = contentRepository()
  // The journeys read the content copy's path here, to break and mend a file behind the screen's back.
  mkdirSync(path.dirname(CONTENT_ROOT_FILE), { recursive: true })
  writeFileSync(CONTENT_ROOT_FILE, root)
  const siteUrl = `http://${e2eHost}:${e2eSitePort}`
  process.env.PLATFORM_CATALOG_HOOK_URL = `${siteUrl}/hooks/catalog`
  process.env.PLATFORM_CATALOG_HOOK_TOKEN = BUILD_HOOK_TOKEN
  const platform = await startPlatform({ host: e2eHost, port: e2ePlatformPort, dataDir: 'memory://', seedProducts: Number(e2eServerEnv().SEED_PRODUCTS), adminToken: e2eAdminToken })
  const env = { ...storefrontEnv(platform.url, siteUrl), ...e2eServerEnv(), CMS_CONTENT_DIR: path.join(root, 'cms'), BUILD_HOOK_TOKEN, SITE_PORT: String(e2eSitePort) }
  const started = Date.now()
  await run('gatsby', ['build'], buildEnv(env))
  console.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  // The project's folder holds a whole build again, newer than any release a frame change left behind it.
  new Releases(path.resolve('.')).markBuilt()
  // The server's shell holds a variable the first build's did not, as an operator's often does: its rebuilds
  // must still write only the pages a change reaches, which the catalog journey checks.
  const site: ChildProcess = spawn(path.resolve('node_modules', '.bin', 'tsx'), ['serve/main.ts'], { env: { ...env, SERVER_SHELL_ONLY: String(Date.now()) }, stdio: 'inherit' })
  await waitFor(`${siteUrl}/healthz`, 60_000)

  // The editors' file and the sessions kept beside it, in a folder of their own removed at the end.
  const editorsDir = mkdtempSync(path.join(os.tmpdir(), 'editors-'))
  const editorsFile = path.join(editorsDir, 'editors.json')
  await writeEditor(editorsFile, { name: EDITOR_NAME, email: EDITOR_EMAIL }, EDITOR_PASSWORD)
  const pages = linkedPaths()
  const editor = await buildEditorServer({ repository: { root, sitePaths: () => pages }, editorsFile, builds: { url: siteUrl, token: BUILD_HOOK_TOKEN } })
  await editor.listen({ host: '127.0.0.1', port: editorPort })
  console.log(`editing screen on ${editorPort}, storefront on ${e2eSitePort}, content in ${root}`)

  const stop = async () => {
    site.kill('SIGTERM')
    await Promise.allSettled([editor.close(), platform.close()])
    rmSync(root, { recursive: true, force: true })
    rmSync(editorsDir, { recursive: true, force: true })
    rmSync(CONTENT_ROOT_FILE, { force: true })
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
