/**
 * Finished builds kept apart from the folder Gatsby builds in. `gatsby build`
 * always writes the project's public/ and .cache/ in place, so a build that
 * fails halfway leaves them half-written: the server never serves them
 * directly. After a build succeeds, what serving needs (public/, the
 * redirects and client routes, the rendering engines and their data store) is
 * copied into a release folder of its own, and the release pointer is
 * replaced by a rename, which is atomic: a shopper gets the old build or the
 * new one, never a mix, and a failed build leaves the last good one serving.
 */
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** What the production server reads of a build (serve/pages.ts), relative to the project folder. */
export const RELEASE_PARTS = ['public', '.cache/redirects.json', '.cache/match-paths.json', '.cache/page-ssr', '.cache/query-engine', '.cache/data/datastore']

/** Builds kept: the one serving and the one before, for a request that started on it. */
const KEPT = 2

export class Releases {
  readonly dir: string
  private current: string | null

  constructor(
    private readonly projectDir: string,
    dir = path.join(projectDir, '.data', 'releases'),
  ) {
    this.dir = dir
    mkdirSync(dir, { recursive: true })
    this.current = this.readPointer()
  }

  private readPointer(): string | null {
    try {
      const name = readFileSync(path.join(this.dir, 'current'), 'utf8').trim()
      return /^\d+$/.test(name) && existsSync(path.join(this.dir, name, 'public')) ? path.join(this.dir, name) : null
    } catch {
      return null
    }
  }

  /** The folder of the build being served, or null before the first release. */
  currentDir(): string | null {
    return this.current
  }

  /** Marks the project's build folder as being rewritten: until `release` it holds no build to trust. */
  markBuilding(): void {
    writeFileSync(path.join(this.dir, 'building'), String(process.pid))
  }

  /** The project's build folder holds a whole build again (one `npm start` or `npm run build` just made). */
  markBuilt(): void {
    rmSync(path.join(this.dir, 'building'), { force: true })
  }

  /**
   * The release being served is newer than the project's build folder (a frame change patched into it): like a
   * build that stopped halfway, the folder is not released again on a restart, until a build makes it whole.
   */
  markProjectBehind(): void {
    this.markBuilding()
  }

  /** Whether a build was under way (and never finished) when the process stopped. */
  interrupted(): boolean {
    return existsSync(path.join(this.dir, 'building'))
  }

  /** Copies the project's finished build into a new release and switches to it; answers its folder. */
  release(): string {
    const names = this.names()
    const name = String((names.at(-1) ?? 0) + 1)
    const staging = path.join(this.dir, `${name}.staging`)
    rmSync(staging, { recursive: true, force: true })
    for (const part of RELEASE_PARTS) {
      const from = path.join(this.projectDir, part)
      if (existsSync(from)) cpSync(from, path.join(staging, part), { recursive: true })
    }
    if (!existsSync(path.join(staging, 'public'))) throw new Error(`no build in ${this.projectDir}: public/ is missing`)
    const target = path.join(this.dir, name)
    renameSync(staging, target)
    this.switchTo(target)
    return target
  }

  /**
   * A new release made from the one being served, changed by `change` (which must replace a file, never write
   * into one: the unchanged files are hard links to the served release's), then switched to. The data store is
   * copied, since its engines open and lock it. A `change` that throws leaves the served release as it was.
   */
  async derive(change: (dir: string) => void | Promise<void>): Promise<string> {
    const from = this.current
    if (!from) throw new Error('no release to derive a new one from')
    const name = String((this.names().at(-1) ?? 0) + 1)
    const staging = path.join(this.dir, `${name}.staging`)
    rmSync(staging, { recursive: true, force: true })
    try {
      linkTree(from, staging)
      await change(staging)
    } catch (error) {
      rmSync(staging, { recursive: true, force: true })
      throw error
    }
    const target = path.join(this.dir, name)
    renameSync(staging, target)
    this.switchTo(target)
    return target
  }

  /** Serves this release from now on (and after a restart). */
  switchTo(target: string): void {
    const pointer = path.join(this.dir, 'current')
    writeFileSync(`${pointer}.tmp`, path.basename(target))
    renameSync(`${pointer}.tmp`, pointer)
    this.current = target
    rmSync(path.join(this.dir, 'building'), { force: true })
    for (const old of this.names().slice(0, -KEPT)) rmSync(path.join(this.dir, String(old)), { recursive: true, force: true })
  }

  private names(): number[] {
    return readdirSync(this.dir)
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .sort((a, b) => a - b)
  }
}

/** The data store's folder inside a release: copied, never linked (see derive). */
const DATA_STORE = path.join('.cache', 'data')

/** A copy of `from` whose files are hard links, but for the data store, which is copied. */
function linkTree(from: string, to: string, relative = ''): void {
  mkdirSync(path.join(to, relative), { recursive: true })
  for (const entry of readdirSync(path.join(from, relative), { withFileTypes: true })) {
    const name = path.join(relative, entry.name)
    if (name === DATA_STORE) cpSync(path.join(from, name), path.join(to, name), { recursive: true })
    else if (entry.isDirectory()) linkTree(from, to, name)
    else linkSync(path.join(from, name), path.join(to, name))
  }
}
