import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GatsbyOutput, gatsbyExecutor, lineSplitter, readGatsbyLine } from './gatsby'
import { Releases } from './releases'

describe('readGatsbyLine', () => {
  it('reads the pages Gatsby wrote from its HTML line, colours and all', () => {
    expect(readGatsbyLine('\x1b[2K\x1b[1A\x1b[2K\x1b[Gsuccess Building static HTML for pages - 3.523s - 509/509 144.49/s')).toEqual({ pagesWritten: 509, stage: 'pubblicazione' })
    expect(readGatsbyLine('success Building static HTML for pages - 0.204s - 3/3 14.70/s').pagesWritten).toBe(3)
  })

  it('names the stage that comes after each finished one', () => {
    expect(readGatsbyLine('success source and transform nodes - 2.1s')).toEqual({ stage: 'creazione delle pagine' })
    expect(readGatsbyLine('info listings: 189 categories')).toEqual({})
  })

  it('tells a build that kept the catalog from one that read it', () => {
    expect(readGatsbyLine('info catalog: unchanged since the last build, kept 189 categories, 46 brands,')).toEqual({ catalogKept: true })
    expect(readGatsbyLine('info catalog: 189 categories, 46 brands, 1500 products in 8992 ms (read in full:')).toEqual({})
  })

  it('gives a content error as the reason, with its file and field', () => {
    expect(readGatsbyLine('ERROR  Content error in cms/menu.json at "items[0].url": no page at /nowhere').reason).toBe(
      'errore nei contenuti: cms/menu.json at "items[0].url": no page at /nowhere',
    )
  })
})

describe('GatsbyOutput', () => {
  it('keeps what a whole build said: the last page count, a kept catalog, a damaged store, the first reason and errors', () => {
    const output = new GatsbyOutput()
    expect(output.read('success source and transform nodes - 2.1s')).toEqual({ stage: 'creazione delle pagine' })
    output.read('info catalog: unchanged since the last build, kept 189 categories, 46 brands,')
    output.read('success Building static HTML for pages - 0.2s - 3/3 14.70/s')
    output.read('info There are no new or changed html files to build.')
    output.read('ERROR  Content error in cms/menu.json at "items[0].url": no page at /nowhere')
    output.read('ERROR  Content error in cms/footer.json at "links": too many')
    for (const n of [1, 2, 3]) output.read(`error #${n}`)
    output.read('UNHANDLED REJECTION Invalid argument: MDB_PANIC: Update of meta page failed or')
    output.read('  Error: Invalid argument: MDB_CORRUPTED')
    expect(output).toMatchObject({ pagesWritten: 3, catalogKept: true, damaged: 'MDB_PANIC', reason: 'errore nei contenuti: cms/menu.json at "items[0].url": no page at /nowhere' })
    expect(output.errors).toHaveLength(3)
    expect(output.errors[0]).toMatch(/^ERROR {2}Content error in cms\/menu\.json/)
  })

  it('names no damage, reason or kept catalog when the lines said none', () => {
    const output = new GatsbyOutput()
    output.read('info catalog: 189 categories, 46 brands, 1500 products in 8992 ms (read in full: the catalog changed)')
    output.read('ERROR MDB_MAP_FULL: Environment mapsize limit reached')
    expect(output).toMatchObject({ pagesWritten: 0, catalogKept: false, damaged: null, reason: null })
  })
})

describe('lineSplitter', () => {
  it('gives whole lines however the chunks fall, carriage returns included, and the last one at the end', () => {
    const lines: string[] = []
    const split = lineSplitter((line) => lines.push(line))
    split.push('success Building static HTML for pa')
    split.push(Buffer.from('ges - 0.2s - 3/3 14.70/s\r\ninfo one\rinfo two\n\nContent error in cms/'))
    expect(lines).toEqual(['success Building static HTML for pages - 0.2s - 3/3 14.70/s', 'info one', 'info two'])
    split.push('menu.json')
    split.end()
    expect(lines.at(-1)).toBe('Content error in cms/menu.json')
    expect(readGatsbyLine(lines[0]!).pagesWritten).toBe(3)
  })
})

describe('gatsbyExecutor', () => {
  let project: string
  let releases: Releases
  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'executor-'))
    releases = new Releases(project)
  })
  afterEach(() => rmSync(project, { recursive: true, force: true }))

  /** A stand-in for `gatsby build`: a node script printing Gatsby's lines, writing public/ and ending with a code. */
  const fakeBuild = (script: string, timeoutMs?: number, env: NodeJS.ProcessEnv = process.env) =>
    gatsbyExecutor({ projectDir: project, releases, env, command: { file: process.execPath, args: ['-e', script] }, timeoutMs, killAfterMs: 200 })
  const job = { id: 1, kinds: ['content' as const], items: [], through: 1, complete: true }

  it('releases a finished build and reports its stages and the pages written', async () => {
    const stages: string[] = []
    const report = await fakeBuild(
      `const fs=require('fs');fs.mkdirSync('public');fs.writeFileSync('public/index.html','nuova');` +
        `console.log('success source and transform nodes - 1.0s');console.log('success Building static HTML for pages - 0.5s - 7/7 14/s')`,
    )(job, (stage) => stages.push(stage))
    expect(report).toEqual({ pagesWritten: 7, catalogKept: false })
    expect(stages).toEqual(['creazione delle pagine', 'pubblicazione', 'pubblicazione'])
    expect(readFileSync(path.join(releases.currentDir()!, 'public', 'index.html'), 'utf8')).toBe('nuova')
  })

  it('reports a build that kept the last build’s catalog, from the line that says so however Gatsby wraps it', async () => {
    const report = await fakeBuild(
      `const fs=require('fs');fs.mkdirSync('public');fs.writeFileSync('public/index.html','nuova');` +
        `console.log('\\x1b[2K\\x1b[Ginfo catalog: unchanged since the last build, kept 189 categories, 46 brands,\\n1500 products in 444 ms')`,
    )(job, () => undefined)
    expect(report).toEqual({ pagesWritten: 0, catalogKept: true })
  })

  it('rejects with the content error and switches nothing when the build fails', async () => {
    const script = `const fs=require('fs');fs.mkdirSync('public');fs.writeFileSync('public/index.html','a metà');console.error(' ERROR #11321');console.error('Content error in cms/footer.json: not valid JSON');process.exit(1)`
    await expect(fakeBuild(script)(job, () => undefined)).rejects.toThrow('errore nei contenuti: cms/footer.json: not valid JSON')
    expect(releases.currentDir()).toBeNull()
    expect(releases.interrupted()).toBe(true)
  })

  describe('a damaged data store', () => {
    // The stand-in counts its runs in a file of the project folder, and fails as LMDB does while .cache/damaged exists.
    const counted = `const fs=require('fs');fs.appendFileSync('runs','x');`
    const damagedStore = `if(fs.existsSync('.cache/damaged')){console.error('ERROR  MDB_PANIC: Update of meta page failed or environment had fatal error');process.exit(1)}`
    const runs = () => readFileSync(path.join(project, 'runs'), 'utf8').length
    beforeEach(() => {
      mkdirSync(path.join(project, '.cache'))
      writeFileSync(path.join(project, '.cache', 'damaged'), '')
      writeFileSync(path.join(project, '.cache', 'site-paths.json'), '["/","/cane"]')
      mkdirSync(path.join(project, 'public'))
      writeFileSync(path.join(project, 'public', 'prodotto-tolto.html'), 'vecchia')
    })

    it('is built once more from an empty cache, and the change goes live in the same job', async () => {
      const stages: string[] = []
      const lines: string[] = []
      const script = `${counted}${damagedStore}fs.mkdirSync('public',{recursive:true});fs.writeFileSync('public/index.html','nuova');console.log('success Building static HTML for pages - 0.5s - 9/9 14/s')`
      const execute = gatsbyExecutor({ projectDir: project, releases, env: process.env, command: { file: process.execPath, args: ['-e', script] }, onLine: (line) => lines.push(line) })
      expect(await execute(job, (stage) => stages.push(stage))).toEqual({ pagesWritten: 9, catalogKept: false })
      expect(runs()).toBe(2)
      expect(stages).toContain('ricostruzione da zero')
      expect(lines.some((line) => line.includes('MDB_PANIC') && line.includes('empty cache'))).toBe(true)
      const served = path.join(releases.currentDir()!, 'public')
      expect(readFileSync(path.join(served, 'index.html'), 'utf8')).toBe('nuova')
      // Nothing of the damaged build's folder reaches the release: a page it had but the clean build has not is gone.
      expect(existsSync(path.join(served, 'prodotto-tolto.html'))).toBe(false)
      // The editing screen goes on checking links against the site's paths meanwhile.
      expect(readFileSync(path.join(project, '.cache', 'site-paths.json'), 'utf8')).toBe('["/","/cane"]')
    })

    it('is not what a full map or disk is: that failure is reported at once, the cache kept', async () => {
      const script = `${counted}console.error('ERROR  MDB_MAP_FULL: Environment mapsize limit reached');process.exit(1)`
      await expect(fakeBuild(script)(job, () => undefined)).rejects.toThrow('MDB_MAP_FULL')
      expect(runs()).toBe(1)
      expect(existsSync(path.join(project, '.cache', 'damaged'))).toBe(true)
    })

    it('fails with the second build’s reason when the clean build fails too, and switches nothing', async () => {
      const script = `${counted}${damagedStore}console.error('Content error in cms/menu.json: not valid JSON');process.exit(1)`
      await expect(fakeBuild(script)(job, () => undefined)).rejects.toThrow('errore nei contenuti: cms/menu.json')
      expect(runs()).toBe(2)
      expect(releases.currentDir()).toBeNull()
    })

    it('is the only failure built twice: any other failure keeps the cache and is reported at once', async () => {
      rmSync(path.join(project, '.cache', 'damaged'))
      const script = `${counted}console.error('Content error in cms/menu.json: not valid JSON');process.exit(1)`
      await expect(fakeBuild(script)(job, () => undefined)).rejects.toThrow('errore nei contenuti')
      expect(runs()).toBe(1)
      expect(existsSync(path.join(project, 'public', 'prodotto-tolto.html'))).toBe(true)
    })
  })

  it('stops a build that runs past its time and counts it failed', async () => {
    await expect(fakeBuild('setTimeout(() => {}, 60000)', 200)(job, () => undefined)).rejects.toThrow(/non è finita/)
    expect(releases.currentDir()).toBeNull()
  })

  it('kills a build that ignores the request to stop, so the next build is not held up behind it', async () => {
    const script = `process.on('SIGTERM', () => {});setTimeout(() => {}, 60000)`
    const started = Date.now()
    await expect(fakeBuild(script, 200)(job, () => undefined)).rejects.toThrow(/non è finita/)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(releases.currentDir()).toBeNull()
  })

  it('does not serve a build whose public files hold the app token, and names the file, never the value', async () => {
    const token = 'vtexapptoken-0123456789abcdef'
    const script = `const fs=require('fs');fs.mkdirSync('public');fs.writeFileSync('public/app.js','var t="${token}"')`
    const error = (await fakeBuild(script, undefined, { ...process.env, VTEX_APP_TOKEN: token })(job, () => undefined).catch((e: unknown) => e)) as Error
    expect(error.message).toMatch(/segreti del server.*app\.js.*VTEX_APP_TOKEN/)
    expect(error.message).not.toContain(token)
    expect(releases.currentDir()).toBeNull()
  })
})
