/**
 * Finished builds kept apart from the folder Gatsby builds in. `gatsby build`
 * always writes the project's public/ and .cache/ in place, so a build that
 * fails halfway leaves them half-written: the server never serves them
 * directly. After a build succeeds, what serving needs (public/, the
 * redirects and client routes, the rendering engines and their data store) is
 * copied into a release folder of its own, and the release pointer is
 * replaced by a rename, which is atomic: a shopper gets the old build or the
 * new one, never a mix, and a failed build leaves the last good one serving.
 *
 * The copy runs on the event loop's thread pool, so the server goes on
 * answering while it is made. A release is never changed after it is made,
 * so a file of public/ that the build did not write again (same size and
 * modification time as in the release before) is a hard link to that
 * release's copy: a rebuild that changed ten pages costs ten copies, not the
 * whole site. Files Gatsby rewrites in place (the data store) are copied.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { copyFile, cp, link, lstat, mkdir, readdir, rm, utimes } from 'node:fs/promises'
import path from 'node:path'
import { eachLimited } from '../src/build/eachLimited'

/** What the production server reads of a build (serve/site.ts) and its fast paths (./content.ts), relative to the project folder. */
export const RELEASE_PARTS = ['public', '.cache/redirects.json', '.cache/match-paths.json', '.cache/content-pages.json', '.cache/content-stamp.json', '.cache/page-ssr', '.cache/query-engine', '.cache/data/datastore']

/** Builds kept: the one serving and the one before, for a request that started on it. */
const KEPT = 2

/** Parts whose unchanged files may be shared with the release before: Gatsby writes them whole or not at all. */
const SHARED_PARTS = new Set(['public'])

/** Files copied or linked at once: enough to keep the disk busy without running out of file handles. */
const CONCURRENCY = 32

export interface ReleaseCopy {
  /** Files copied because they are new or changed since the release before. */
  copied: number
  /** Files shared with the release before through a hard link. */
  linked: number
}

/**
 * Every file under `dir`, relative to it, making the folders of `into` on the way. A catalog's build has a
 * folder per page (`/<slug>/p/index.html`), a hundred thousand of them at 25,000 pages, so each level's folders
 * are read and made several at a time rather than one after the other.
 */
async function filesOf(dir: string, into: string): Promise<string[]> {
  const found: string[] = []
  await mkdir(into, { recursive: true })
  let level = ['']
  while (level.length > 0) {
    const next: string[] = []
    await eachLimited(level, CONCURRENCY, async (relative) => {
      for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
        const name = path.join(relative, entry.name)
        if (entry.isDirectory()) next.push(name)
        else if (entry.isFile()) found.push(name)
      }
    })
    await eachLimited(next, CONCURRENCY, (relative) => mkdir(path.join(into, relative)))
    level = next
  }
  return found
}

/** Copies (or links from `previous`) one file or folder of the build into `to`. */
async function copyPart(from: string, to: string, previous: string | null, counts: ReleaseCopy): Promise<void> {
  if (!(await lstat(from)).isDirectory()) {
    await mkdir(path.dirname(to), { recursive: true })
    await copyFile(from, to)
    counts.copied++
    return
  }
  const files = await filesOf(from, to)
  await eachLimited(files, CONCURRENCY, async (file) => {
    const source = path.join(from, file)
    const target = path.join(to, file)
    const now = await lstat(source)
    const before = previous ? await lstat(path.join(previous, file)).catch(() => null) : null
    if (previous && before?.isFile() && before.size === now.size && Math.trunc(before.mtimeMs) === Math.trunc(now.mtimeMs)) {
      await link(path.join(previous, file), target)
      counts.linked++
      return
    }
    await copyFile(source, target)
    // The copy keeps the build's time, so the next release can tell the file was not written again.
    await utimes(target, now.atimeMs / 1000, now.mtimeMs / 1000)
    counts.copied++
  })
}

export class Releases {
  readonly dir: string
  private current: string | null

  /** How long a release no longer served is kept at least, beyond the last KEPT (0: pruned at once). */
  private readonly retainMs: number
  /** When each release stopped being served, by name. */
  private readonly retiredAt = new Map<string, number>()

  constructor(
    private readonly projectDir: string,
    dir = path.join(projectDir, '.data', 'releases'),
    options: { retainMs?: number } = {},
  ) {
    this.retainMs = options.retainMs ?? 0
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

  /** How the last release was made. */
  lastCopy: ReleaseCopy = { copied: 0, linked: 0 }

  /** Copies the project's finished build into a new release and switches to it; answers its folder. */
  async release(): Promise<string> {
    if (!existsSync(path.join(this.projectDir, 'public'))) throw new Error(`no build in ${this.projectDir}: public/ is missing`)
    const names = this.names()
    const name = String((names.at(-1) ?? 0) + 1)
    const staging = path.join(this.dir, `${name}.staging`)
    await rm(staging, { recursive: true, force: true })
    const counts: ReleaseCopy = { copied: 0, linked: 0 }
    for (const part of RELEASE_PARTS) {
      const from = path.join(this.projectDir, part)
      if (!existsSync(from)) continue
      const previous = this.current && SHARED_PARTS.has(part) ? path.join(this.current, part) : null
      await copyPart(from, path.join(staging, part), previous && existsSync(previous) ? previous : null, counts)
    }
    const target = path.join(this.dir, name)
    renameSync(staging, target)
    this.lastCopy = counts
    this.switchTo(target)
    return target
  }

  /**
   * A new release made from the one being served, changed by `change` (which must replace a file, never write
   * into one: the unchanged files are hard links to the served release's), then switched to. The data store is
   * copied, since its engines open and lock it. The files `leaveOut` names (relative to the release) are not
   * linked: `change`, given the new folder, the served one and those files, writes each of them. A `change` that
   * throws leaves the served release as it was.
   */
  async derive(change: (dir: string, from: string, leftOut: string[]) => void | Promise<void>, leaveOut: (file: string) => boolean = () => false): Promise<string> {
    const from = this.current
    if (!from) throw new Error('no release to derive a new one from')
    const name = String((this.names().at(-1) ?? 0) + 1)
    const staging = path.join(this.dir, `${name}.staging`)
    await rm(staging, { recursive: true, force: true })
    try {
      const leftOut = await linkTree(from, staging, leaveOut)
      await change(staging, from, leftOut)
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      throw error
    }
    const target = path.join(this.dir, name)
    renameSync(staging, target)
    this.switchTo(target)
    return target
  }

  /**
   * Serves this release from now on (and after a restart). The releases before the last two are deleted
   * afterwards, in the background and one deletion after the other: a catalog's release is tens of thousands
   * of folders, whose deletion would otherwise hold the server for seconds after the switch. A release served
   * less than `retainMs` ago is kept until then, however many came after it: one job's fast paths can switch
   * three times in a second, and a request that began on a release goes on reading it (serve/site.ts keeps its
   * engines as long).
   */
  switchTo(target: string): void {
    const pointer = path.join(this.dir, 'current')
    writeFileSync(`${pointer}.tmp`, path.basename(target))
    renameSync(`${pointer}.tmp`, pointer)
    if (this.current && this.current !== target) this.retiredAt.set(path.basename(this.current), Date.now())
    this.current = target
    rmSync(path.join(this.dir, 'building'), { force: true })
    this.prune()
    if (this.retainMs > 0) setTimeout(() => this.prune(), this.retainMs + 10).unref()
  }

  private prune(): void {
    const now = Date.now()
    const old = this.names()
      .slice(0, -KEPT)
      .map(String)
      .filter((name) => now - (this.retiredAt.get(name) ?? 0) >= this.retainMs)
    for (const name of old) this.retiredAt.delete(name)
    this.pruning = this.pruning.then(async () => {
      for (const name of old) await rm(path.join(this.dir, name), { recursive: true, force: true }).catch(() => undefined)
    })
  }

  private pruning: Promise<void> = Promise.resolve()

  /** Settles once the releases the last switch left behind are deleted. */
  pruned(): Promise<void> {
    return this.pruning
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

/**
 * A copy of `from` whose files are hard links, but for the data store, which is copied, and the files left out,
 * which it answers: found by the same walk, so a catalog's release of a hundred thousand folders is read once.
 */
async function linkTree(from: string, to: string, leaveOut: (file: string) => boolean): Promise<string[]> {
  const linked: string[] = []
  const leftOut: string[] = []
  for (const file of await filesOf(from, to)) {
    if (file.startsWith(DATA_STORE + path.sep)) continue
    if (leaveOut(file)) leftOut.push(file)
    else linked.push(file)
  }
  await eachLimited(linked, CONCURRENCY, (file) => link(path.join(from, file), path.join(to, file)))
  if (existsSync(path.join(from, DATA_STORE))) await cp(path.join(from, DATA_STORE), path.join(to, DATA_STORE), { recursive: true })
  return leftOut
}
