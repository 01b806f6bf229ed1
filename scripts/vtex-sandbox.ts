/**
 * `npm run vtex:sandbox`: the storefront on VTEX without a VTEX store. Starts
 * the VTEX simulator (src/commerce/vtex/testing/simulator.ts) on a loopback
 * port, seeded with the embedded platform's seed catalog, then runs
 * `supervisor/start.ts` with `COMMERCE=vtex COMMERCE_LOYALTY=embedded`: the
 * embedded platform still runs, for loyalty and the geography VTEX lacks, and
 * the site is built from and sells through the simulator. The build's
 * hand-off variables are those scripts/vtex-handoff.ts prints, for a store
 * whose secure domain is the simulator's origin.
 *
 * The site is built in a folder of its own (VTEX_SANDBOX_DIR, by default one per
 * site port in the system's temporary folder, holding a copy of the project's
 * sources), so the embedded build in public/ and .cache/, which `npm test`'s
 * later suites reuse, stays as it was.
 *
 * Ports: SITE_PORT, PLATFORM_PORT (as `npm start`), VTEX_SIMULATOR_PORT;
 * SEED_PRODUCTS products (default 60) in both the simulator and the platform,
 * so their skus agree. SKIP_BUILD=1 serves the sandbox's last build.
 * VTEX_SANDBOX_LOG names a file that also receives everything the sandbox and
 * the servers it starts print, so a test can read what they logged.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, cpSync, lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { vtexHandoffVariables } from '../src/commerce/vtex/handoff'
import { vtexSettings } from '../src/commerce/vtex/settings'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator } from '../src/commerce/vtex/testing/simulator'
import { readPorts } from '../supervisor/processes'

/** What the copy leaves out: installed packages, version control, and every build, test and run output. */
const NOT_COPIED = new Set(['node_modules', '.git', 'public', '.cache', '.data', 'test-results', 'playwright-report', 'coverage', '.lighthouse'])

/** Copies the project's sources into `siteDir`, keeping that folder's own .cache/ and public/ for Gatsby to rebuild from. */
function prepareSiteDir(root: string, siteDir: string): void {
  mkdirSync(siteDir, { recursive: true })
  for (const entry of readdirSync(siteDir)) if (!NOT_COPIED.has(entry)) rmSync(path.join(siteDir, entry), { recursive: true, force: true })
  for (const entry of readdirSync(root)) {
    if (NOT_COPIED.has(entry)) continue
    cpSync(path.join(root, entry), path.join(siteDir, entry), { recursive: true })
  }
  // The link points at this project's packages: a link left by another checkout, or one whose target is gone, is replaced.
  const modules = path.join(siteDir, 'node_modules')
  const packages = realpathSync(path.join(root, 'node_modules'))
  if (lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink() && readlinkSync(modules) !== packages) unlinkSync(modules)
  if (!lstatSync(modules, { throwIfNoEntry: false })) symlinkSync(packages, modules, 'dir')
}

async function main(): Promise<void> {
  const { host, sitePort } = readPorts()
  const simulatorPort = Number(process.env.VTEX_SIMULATOR_PORT ?? 9200)
  const products = Number(process.env.SEED_PRODUCTS ?? 60)
  const siteDir = path.resolve(process.env.VTEX_SANDBOX_DIR ?? path.join(tmpdir(), `pet-storefront-vtex-${sitePort}`))

  // Everything printed goes to the terminal and, when asked, to the log file too.
  const logFile = process.env.VTEX_SANDBOX_LOG ? createWriteStream(path.resolve(process.env.VTEX_SANDBOX_LOG), { flags: 'w' }) : null
  const log = (line: string) => {
    console.log(line)
    logFile?.write(`${line}\n`)
  }
  const vtex = await startVtexSimulator({ products, port: simulatorPort })
  // The store's secure domain, where checkout, login and account are handed off: here the simulator's origin.
  const vtexEnv = {
    COMMERCE: 'vtex',
    COMMERCE_LOYALTY: 'embedded',
    VTEX_ACCOUNT: vtex.account,
    VTEX_API_URL: vtex.url,
    VTEX_STORE_URL: vtex.url,
    VTEX_APP_KEY: SIMULATOR_APP_KEY,
    VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN,
  }
  const handoff = vtexHandoffVariables(vtexSettings(vtexEnv))
  prepareSiteDir(process.cwd(), siteDir)
  log(`VTEX simulator: ${vtex.url} (account ${vtex.account}, ${products} products); building the site in ${siteDir}`)

  const child = spawn(process.execPath, ['--import', 'tsx', 'supervisor/start.ts'], {
    cwd: siteDir,
    stdio: logFile ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, HOST: host, SEED_PRODUCTS: String(products), ...vtexEnv, ...handoff },
  })
  if (logFile) {
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      logFile.write(chunk)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk)
      logFile.write(chunk)
    })
  }
  let stopping = false
  const stop = (code: number): void => {
    if (stopping) return
    stopping = true
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    void Promise.race([new Promise((resolve) => child.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 15_000))])
      .then(() => vtex.close())
      .then(() => {
        const { requests, answers, violations } = vtex.validator.counts
        log(`VTEX simulator: ${requests} requests and ${answers} answers validated, ${violations} violations`)
        if (logFile) logFile.end(() => process.exit(code))
        else process.exit(code)
      })
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0))
  child.on('exit', (code) => stop(code ?? 1))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
