/**
 * One `gatsby build` of the project folder as a build runner's executor:
 * reports Gatsby's stages as they finish, counts the pages whose HTML Gatsby
 * wrote (its "Building static HTML for pages … n/n" line: on a rebuild, only
 * the pages whose data or template changed), and on success copies the build
 * into a release and switches the server to it. A failed build rejects with
 * Gatsby's own reason (a content error names the file and the field) and
 * switches nothing.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { CATALOG_KEPT } from '../src/build/sourcedCatalog'
import { SITE_PATHS_FILE } from '../src/build/sitePaths'
import { assertNoSecretsIn } from './secrets'
import type { BuildExecutor } from './runner'
import type { Releases } from './releases'

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g

/** Gatsby's stages, in the editors' language: the line it prints as each one ends → what comes next. */
const STAGES: [RegExp, string][] = [
  [/success load plugins/, 'lettura dei dati'],
  [/success source and transform nodes/, 'creazione delle pagine'],
  [/success createPages/, 'preparazione delle pagine'],
  [/success Building production JavaScript and CSS bundles/, 'motore di rendering'],
  [/success Building HTML renderer/, 'motori per le pagine differite'],
  [/success Validating Rendering Engines/, 'interrogazioni delle pagine'],
  [/success run queries in workers/, 'scrittura dei dati delle pagine'],
  [/success Writing page-data\.json/, 'scrittura delle pagine HTML'],
  [/success Building static HTML for pages/, 'pubblicazione'],
]

/**
 * Cuts a child's output into whole lines, however its chunks fall: a chunk may end inside a line (a long
 * error's message), and Gatsby ends its progress lines with a carriage return. `end` gives the last line.
 */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: Buffer | string): void; end(): void } {
  let rest = ''
  return {
    push(chunk) {
      const lines = (rest + chunk.toString()).split(/\r?\n|\r/)
      rest = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) onLine(line)
    },
    end() {
      if (rest.trim()) onLine(rest)
      rest = ''
    },
  }
}

export interface GatsbyBuildLine {
  stage?: string
  pagesWritten?: number
  reason?: string
  /** The build kept the last build's catalog instead of reading it again (src/build/sourcedCatalog.ts). */
  catalogKept?: true
}

/** What one line of Gatsby's output tells: a finished stage, the pages written, a build error's reason, or a kept catalog. */
export function readGatsbyLine(raw: string): GatsbyBuildLine {
  const line = raw.replace(ANSI, '').trim()
  const pages = /Building static HTML for pages.* - (\d+)\/\d+/.exec(line)
  const stage = STAGES.find(([pattern]) => pattern.test(line))?.[1]
  const content = /Content error in (.+)$/.exec(line)
  return {
    ...(stage ? { stage } : {}),
    ...(pages ? { pagesWritten: Number(pages[1]) } : {}),
    ...(content ? { reason: `errore nei contenuti: ${content[1]}` } : {}),
    ...(line.includes(CATALOG_KEPT) ? { catalogKept: true as const } : {}),
  }
}

export interface GatsbyExecutorOptions {
  projectDir: string
  releases: Releases
  env: NodeJS.ProcessEnv
  /** Called with the new release's folder before it serves, to open its engines ahead of the first request. */
  prepare?: (dir: string) => void
  /** Gatsby's output lines, for the server's log. */
  onLine?: (line: string) => void
  /** The build command; `gatsby build` of the project by default. */
  command?: { file: string; args: string[] }
  /** A build still running after this long is stopped and counts as failed (BUILD_TIMEOUT_MS, default 30 min). */
  timeoutMs?: number
  /** How long a timed-out build has to stop before it is killed (default 10 s). */
  killAfterMs?: number
}

/**
 * The errors of LMDB, the database under Gatsby's data store (.cache/data/datastore), that say the store itself is
 * damaged. Once it is, every later build over it fails the same way, so only a build from an empty cache gets a
 * change live again. A full map or disk (MDB_MAP_FULL) is not among them: a clean build would meet it too.
 */
const DAMAGED_STORE = /\bMDB_(?:PANIC|CORRUPTED|PAGE_NOTFOUND|BAD_TXN|BAD_RSLOT|INVALID|VERSION_MISMATCH)\b/

/**
 * What a `gatsby build`'s output said, line by line, from both its streams: the pages written, a kept catalog, a
 * damaged data store, a content error's reason and the first error lines. The server's executor and
 * `npm run bench:build` read builds through it.
 */
export class GatsbyOutput {
  pagesWritten = 0
  catalogKept = false
  /** The LMDB error that says the data store is damaged, when a line named one. */
  damaged: string | null = null
  reason: string | null = null
  readonly errors: string[] = []

  /** Takes one line in and answers what it alone said. */
  read(raw: string): GatsbyBuildLine {
    this.damaged ??= DAMAGED_STORE.exec(raw)?.[0] ?? null
    const found = readGatsbyLine(raw)
    if (found.pagesWritten !== undefined) this.pagesWritten = found.pagesWritten
    if (found.catalogKept) this.catalogKept = true
    if (found.reason && !this.reason) this.reason = found.reason
    const plain = raw.replace(ANSI, '').trim()
    if (/^ERROR\b|^error\b/.test(plain) && this.errors.length < 3) this.errors.push(plain)
    return found
  }
}

/** A build that failed because Gatsby's data store is damaged; the executor builds once more from an empty cache. */
export class DamagedCacheError extends Error {}

/**
 * A failed build whose data store was damaged is built once more from an empty cache (as `gatsby clean` leaves
 * it: both .cache/ and public/, so no page of the damaged build survives into a release), within the same job:
 * the change still goes live, later, and the build after it no longer meets the damage. The release serving
 * meanwhile is a copy of its own, which the clean-up does not touch.
 */
export function gatsbyExecutor(options: GatsbyExecutorOptions): BuildExecutor {
  return async (job, stage) => {
    // One time limit for the job, the build from an empty cache included.
    const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000)
    try {
      return await buildOnce(options, stage, deadline, true)
    } catch (error) {
      if (!(error instanceof DamagedCacheError)) throw error
      options.onLine?.(`build ${job.id}: ${error.message}; built again from an empty cache`)
      stage('ricostruzione da zero')
      // The editing screen checks links against the site's paths (src/build/sitePaths.ts): they stay.
      const sitePaths = path.join(options.projectDir, SITE_PATHS_FILE)
      const paths = existsSync(sitePaths) ? readFileSync(sitePaths) : null
      for (const part of ['.cache', 'public']) await rm(path.join(options.projectDir, part), { recursive: true, force: true })
      if (paths) {
        mkdirSync(path.dirname(sitePaths), { recursive: true })
        writeFileSync(sitePaths, paths)
      }
      return await buildOnce(options, stage, deadline, false)
    }
  }
}

/** One `gatsby build`, stopped at `deadline`; with `damageRetried`, a damaged store rejects with DamagedCacheError. */
function buildOnce(options: GatsbyExecutorOptions, stage: (name: string) => void, deadline: number, damageRetried: boolean): Promise<{ pagesWritten: number; catalogKept: boolean }> {
  return new Promise((resolve, reject) => {
    options.releases.markBuilding()
    const command = options.command ?? { file: path.join(options.projectDir, 'node_modules', '.bin', 'gatsby'), args: ['build'] }
    // Its own process group, so a stop reaches Gatsby's workers too.
    const child = spawn(command.file, command.args, { cwd: options.projectDir, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal)
      } catch {
        child.kill(signal)
      }
    }
    // A server that stops takes its build with it, rather than leaving Gatsby writing the project folder alone.
    const stopChild = () => stop('SIGTERM')
    process.once('exit', stopChild)
    const timeoutMs = options.timeoutMs ?? 30 * 60_000
    let timedOut = false
    let killer: NodeJS.Timeout | undefined
    const timer = setTimeout(() => {
      timedOut = true
      stop('SIGTERM')
      // A build that ignores the request to stop is killed, so the next build is never held up behind it.
      killer = setTimeout(() => stop('SIGKILL'), options.killAfterMs ?? 10_000)
    }, Math.max(0, deadline - Date.now()))
    const output = new GatsbyOutput()
    const read = (raw: string) => {
      options.onLine?.(raw)
      const found = output.read(raw)
      if (found.stage) stage(found.stage)
    }
    const out = lineSplitter(read)
    const err = lineSplitter(read)
    child.stdout.on('data', out.push)
    child.stderr.on('data', err.push)
    child.on('error', reject)
    // 'exit', not 'close': a worker Gatsby left running can hold its pipes open after a stopped build ends.
    child.on('exit', (code, signal) => {
      out.end()
      err.end()
      clearTimeout(timer)
      clearTimeout(killer)
      process.removeListener('exit', stopChild)
      if (timedOut) {
        reject(new Error(`la build non è finita in ${Math.round(timeoutMs / 60_000)} minuti ed è stata fermata`))
        return
      }
      // A failed build's workers may outlive it: none may go on writing the project folder.
      if (code !== 0) stop('SIGKILL')
      if (code !== 0 && output.damaged && damageRetried) {
        reject(new DamagedCacheError(`la cache della build era danneggiata (${output.damaged})`))
        return
      }
      if (code !== 0) {
        reject(new Error(output.reason ?? (output.errors.length ? output.errors.join(' · ') : `la build si è fermata (${signal ?? `codice ${code}`})`)))
        return
      }
      try {
        // The app key and token are for the Functions and the build alone: a build that published them is not served.
        assertNoSecretsIn(path.join(options.projectDir, 'public'), options.env)
      } catch (error) {
        reject(new Error(`la build ha scritto segreti del server in file pubblici e non viene pubblicata (${error instanceof Error ? error.message : String(error)})`))
        return
      }
      stage('pubblicazione')
      options.releases
        .release()
        .then((dir) => {
          options.prepare?.(dir)
          resolve({ pagesWritten: output.pagesWritten, catalogKept: output.catalogKept })
        })
        .catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))))
    })
  })
}
