import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Releases } from './releases'

let project: string
beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'releases-'))
})
afterEach(() => rmSync(project, { recursive: true, force: true }))

const build = (html: string) => {
  mkdirSync(path.join(project, 'public'), { recursive: true })
  mkdirSync(path.join(project, '.cache'), { recursive: true })
  writeFileSync(path.join(project, 'public', 'index.html'), html)
  writeFileSync(path.join(project, '.cache', 'redirects.json'), '[]')
}

describe('Releases', () => {
  it('copies a finished build into a release and switches to it, keeping the last two', async () => {
    const releases = new Releases(project)
    expect(releases.currentDir()).toBeNull()
    build('uno')
    const first = await releases.release()
    expect(readFileSync(path.join(first, 'public', 'index.html'), 'utf8')).toBe('uno')
    expect(existsSync(path.join(first, '.cache', 'redirects.json'))).toBe(true)
    build('due')
    const second = await releases.release()
    build('tre')
    const third = await releases.release()
    expect(releases.currentDir()).toBe(third)
    await releases.pruned()
    expect(existsSync(first)).toBe(false)
    expect(existsSync(second)).toBe(true)
    // A restart serves the same release.
    expect(new Releases(project).currentDir()).toBe(third)
  })

  it('keeps a release served moments ago, however many came after it, and deletes it once its time is up', async () => {
    const releases = new Releases(project, undefined, { retainMs: 150 })
    const made: string[] = []
    for (const name of ['uno', 'due', 'tre', 'quattro']) {
      build(name)
      made.push(await releases.release())
    }
    await releases.pruned()
    expect(made.map((dir) => existsSync(dir))).toEqual([true, true, true, true])
    await new Promise((resolve) => setTimeout(resolve, 300))
    await releases.pruned()
    expect(made.map((dir) => existsSync(dir))).toEqual([false, false, true, true])
  })

  it('keeps serving the last release while the project folder is rewritten, and remembers an unfinished build', async () => {
    const releases = new Releases(project)
    build('buona')
    const good = await releases.release()
    releases.markBuilding()
    writeFileSync(path.join(project, 'public', 'index.html'), 'a metà')
    expect(readFileSync(path.join(releases.currentDir()!, 'public', 'index.html'), 'utf8')).toBe('buona')
    expect(new Releases(project).interrupted()).toBe(true)
    expect(new Releases(project).currentDir()).toBe(good)
  })

  it('forgets an unfinished build once a whole build is made in the project folder again', async () => {
    const releases = new Releases(project)
    build('buona')
    await releases.release()
    releases.markBuilding()
    expect(new Releases(project).interrupted()).toBe(true)
    build('nuova')
    new Releases(project).markBuilt()
    // The server started next releases the new build instead of keeping the old one (serve/main.ts).
    expect(new Releases(project).interrupted()).toBe(false)
  })

  it('refuses to release a folder without a build', async () => {
    await expect(new Releases(project).release()).rejects.toThrow(/public\/ is missing/)
  })

  it('shares the files a rebuild did not write with the release before, and copies the ones it wrote', async () => {
    const releases = new Releases(project)
    build('home')
    const page = (name: string) => path.join(project, 'public', 'cane', name, 'index.html')
    mkdirSync(path.dirname(page('a')), { recursive: true })
    mkdirSync(path.dirname(page('b')), { recursive: true })
    writeFileSync(page('a'), 'prodotto a')
    writeFileSync(page('b'), 'prodotto b')
    const first = await releases.release()
    expect(releases.lastCopy).toEqual({ copied: 4, linked: 0 })

    // The rebuild writes one page again with the same length (a price 9,90 → 8,90) and adds one.
    writeFileSync(page('a'), 'prodotto A')
    const later = new Date(Date.now() + 5000)
    utimesSync(page('a'), later, later)
    mkdirSync(path.dirname(page('c')), { recursive: true })
    writeFileSync(page('c'), 'prodotto c')
    const second = await releases.release()
    expect(releases.lastCopy).toEqual({ copied: 3, linked: 2 })
    const inode = (dir: string, name: string) => statSync(path.join(dir, 'public', 'cane', name, 'index.html')).ino
    expect(inode(second, 'b')).toBe(inode(first, 'b'))
    expect(inode(second, 'a')).not.toBe(inode(first, 'a'))
    expect(readFileSync(path.join(second, 'public', 'cane', 'a', 'index.html'), 'utf8')).toBe('prodotto A')
    expect(readFileSync(path.join(first, 'public', 'cane', 'a', 'index.html'), 'utf8')).toBe('prodotto a')
    expect(readFileSync(path.join(second, 'public', 'cane', 'c', 'index.html'), 'utf8')).toBe('prodotto c')

    // A file the build rewrites in place never changes a release: the linked copy is not the project's file.
    writeFileSync(page('b'), 'prodotto B')
    expect(readFileSync(path.join(second, 'public', 'cane', 'b', 'index.html'), 'utf8')).toBe('prodotto b')
    // Dropping the oldest release leaves the shared files of the newer ones whole.
    build('home 3')
    await releases.release()
    build('home 4')
    await releases.release()
    await releases.pruned()
    expect(existsSync(second)).toBe(false)
    expect(readFileSync(path.join(releases.currentDir()!, 'public', 'cane', 'c', 'index.html'), 'utf8')).toBe('prodotto c')
  })

  it('answers requests while a release is being copied', async () => {
    const releases = new Releases(project)
    build('home')
    for (let i = 0; i < 400; i++) {
      mkdirSync(path.join(project, 'public', 'p', String(i)), { recursive: true })
      writeFileSync(path.join(project, 'public', 'p', String(i), 'index.html'), 'x'.repeat(20_000))
    }
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    await releases.release()
    clearInterval(timer)
    // A synchronous copy would have let no timer run until it ended.
    expect(ticks).toBeGreaterThan(2)
  })

  it('deletes the releases it no longer keeps after the switch, not before', async () => {
    const releases = new Releases(project)
    build('home')
    for (let i = 0; i < 400; i++) {
      mkdirSync(path.join(project, 'public', 'p', String(i)), { recursive: true })
      writeFileSync(path.join(project, 'public', 'p', String(i), 'index.html'), String(i))
    }
    const first = await releases.release()
    await releases.release()
    const third = await releases.release()
    // Switched before the oldest is gone: its deletion needs the thread pool, so it cannot have ended yet.
    expect(releases.currentDir()).toBe(third)
    expect(existsSync(first)).toBe(true)
    await releases.pruned()
    expect(existsSync(first)).toBe(false)
    expect(readFileSync(path.join(third, 'public', 'p', '399', 'index.html'), 'utf8')).toBe('399')
  })

  it('derives a release from the served one with hard links, a replaced file reaching only the new one', async () => {
    const releases = new Releases(project)
    build('vecchia')
    mkdirSync(path.join(project, '.cache', 'data', 'datastore'), { recursive: true })
    writeFileSync(path.join(project, '.cache', 'data', 'datastore', 'data.mdb'), 'dati')
    const first = await releases.release()
    const second = await releases.derive((dir) => {
      rmSync(path.join(dir, 'public', 'index.html'))
      writeFileSync(path.join(dir, 'public', 'index.html'), 'nuova')
    })
    expect(releases.currentDir()).toBe(second)
    expect(readFileSync(path.join(second, 'public', 'index.html'), 'utf8')).toBe('nuova')
    expect(readFileSync(path.join(first, 'public', 'index.html'), 'utf8')).toBe('vecchia')
    expect(statSync(path.join(second, '.cache', 'redirects.json')).ino).toBe(statSync(path.join(first, '.cache', 'redirects.json')).ino)
    // The data store is opened and locked by each release's engines: a copy of its own.
    expect(statSync(path.join(second, '.cache', 'data', 'datastore', 'data.mdb')).ino).not.toBe(statSync(path.join(first, '.cache', 'data', 'datastore', 'data.mdb')).ino)
    // The project's folder is behind the derived release: a restarted server keeps serving the derived one.
    releases.markProjectBehind()
    const restarted = new Releases(project)
    expect(restarted.interrupted() && restarted.currentDir()).toBe(second)
  })

  it('leaves out of a derived release the files its change writes, handing it the served folder to read them from', async () => {
    const releases = new Releases(project)
    build('vecchia')
    mkdirSync(path.join(project, 'public', 'cane'), { recursive: true })
    writeFileSync(path.join(project, 'public', 'cane', 'index.html'), 'cane')
    const first = await releases.release()
    const second = await releases.derive(
      (dir, from, leftOut) => {
        // The change is told which files were left out, found by the walk that linked the others.
        expect(leftOut).toEqual([path.join('public', 'cane', 'index.html')])
        // The folders are there; the file left out is not, so nothing is written through a link.
        expect(existsSync(path.join(dir, 'public', 'cane'))).toBe(true)
        expect(existsSync(path.join(dir, 'public', 'cane', 'index.html'))).toBe(false)
        writeFileSync(path.join(dir, 'public', 'cane', 'index.html'), `${readFileSync(path.join(from, 'public', 'cane', 'index.html'), 'utf8')} nuova`)
      },
      (file) => file === path.join('public', 'cane', 'index.html'),
    )
    expect(readFileSync(path.join(second, 'public', 'cane', 'index.html'), 'utf8')).toBe('cane nuova')
    expect(readFileSync(path.join(first, 'public', 'cane', 'index.html'), 'utf8')).toBe('cane')
    expect(statSync(path.join(second, 'public', 'index.html')).ino).toBe(statSync(path.join(first, 'public', 'index.html')).ino)
  })

  it('keeps serving the release it derives from when the change fails, leaving nothing behind', async () => {
    const releases = new Releases(project)
    build('buona')
    const served = await releases.release()
    await expect(releases.derive(() => { throw new Error('rotta') })).rejects.toThrow('rotta')
    expect(releases.currentDir()).toBe(served)
    expect(readdirSync(releases.dir).filter((entry) => entry.includes('staging'))).toEqual([])
  })
})
