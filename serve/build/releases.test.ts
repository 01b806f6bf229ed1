import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
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
  it('copies a finished build into a release and switches to it, keeping the last two', () => {
    const releases = new Releases(project)
    expect(releases.currentDir()).toBeNull()
    build('uno')
    const first = releases.release()
    expect(readFileSync(path.join(first, 'public', 'index.html'), 'utf8')).toBe('uno')
    expect(existsSync(path.join(first, '.cache', 'redirects.json'))).toBe(true)
    build('due')
    const second = releases.release()
    build('tre')
    const third = releases.release()
    expect(releases.currentDir()).toBe(third)
    expect(existsSync(first)).toBe(false)
    expect(existsSync(second)).toBe(true)
    // A restart serves the same release.
    expect(new Releases(project).currentDir()).toBe(third)
  })

  it('keeps serving the last release while the project folder is rewritten, and remembers an unfinished build', () => {
    const releases = new Releases(project)
    build('buona')
    const good = releases.release()
    releases.markBuilding()
    writeFileSync(path.join(project, 'public', 'index.html'), 'a metà')
    expect(readFileSync(path.join(releases.currentDir()!, 'public', 'index.html'), 'utf8')).toBe('buona')
    expect(new Releases(project).interrupted()).toBe(true)
    expect(new Releases(project).currentDir()).toBe(good)
  })

  it('forgets an unfinished build once a whole build is made in the project folder again', () => {
    const releases = new Releases(project)
    build('buona')
    releases.release()
    releases.markBuilding()
    expect(new Releases(project).interrupted()).toBe(true)
    build('nuova')
    new Releases(project).markBuilt()
    // The server started next releases the new build instead of keeping the old one (serve/main.ts).
    expect(new Releases(project).interrupted()).toBe(false)
  })

  it('refuses to release a folder without a build', () => {
    expect(() => new Releases(project).release()).toThrow(/public\/ is missing/)
  })

  it('derives a release from the served one with hard links, a replaced file reaching only the new one', async () => {
    const releases = new Releases(project)
    build('vecchia')
    mkdirSync(path.join(project, '.cache', 'data', 'datastore'), { recursive: true })
    writeFileSync(path.join(project, '.cache', 'data', 'datastore', 'data.mdb'), 'dati')
    const first = releases.release()
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

  it('keeps serving the release it derives from when the change fails, leaving nothing behind', async () => {
    const releases = new Releases(project)
    build('buona')
    const served = releases.release()
    await expect(releases.derive(() => { throw new Error('rotta') })).rejects.toThrow('rotta')
    expect(releases.currentDir()).toBe(served)
    expect(readdirSync(releases.dir).filter((entry) => entry.includes('staging'))).toEqual([])
  })
})
