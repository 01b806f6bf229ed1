import { BuildRunner, ticketState, type BuildJob, type BuildRequest } from './runner'

/** An executor whose builds finish when the test says so. */
function controlledExecutor() {
  const jobs: BuildJob[] = []
  const finishers: { resolve: () => void; reject: (error: Error) => void }[] = []
  const execute = (job: BuildJob, stage: (name: string) => void) => {
    jobs.push(job)
    stage('pagine')
    return new Promise<{ pagesWritten: number; catalogKept: boolean }>((resolve, reject) => finishers.push({ resolve: () => resolve({ pagesWritten: 3, catalogKept: true }), reject }))
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return { jobs, execute, finishers, settle }
}

describe('BuildRunner', () => {
  it('builds once for a request and reports the ticket live with the pages written and the catalog kept', async () => {
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined })
    const ticket = runner.request({ kind: 'content', items: ['cms/top-header.json'] })
    await exec.settle()
    expect(runner.status().state).toBe('building')
    expect(runner.status().building?.stage).toBe('pagine')
    expect(ticketState(runner.status(), ticket).state).toBe('building')
    exec.finishers[0]!.resolve()
    await runner.idle()
    expect(exec.jobs).toHaveLength(1)
    expect(runner.status().state).toBe('live')
    expect(runner.status().lastLive).toMatchObject({ pagesWritten: 3, catalogKept: true })
    expect(ticketState(runner.status(), ticket).state).toBe('live')
  })

  it('says a job names every change until more than it keeps arrive, so no fast path reads a list cut short', async () => {
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined })
    runner.request({ kind: 'catalog', items: ['sku:1'] })
    await exec.settle()
    runner.request({ kind: 'catalog', items: Array.from({ length: 200 }, (_, i) => `sku:${i}`) })
    runner.request({ kind: 'catalog', items: ['sku:1', 'sku:5'] })
    exec.finishers[0]!.resolve()
    await exec.settle()
    expect(exec.jobs[0]).toMatchObject({ items: ['sku:1'], complete: true })
    expect(exec.jobs[1]).toMatchObject({ complete: true })
    expect(exec.jobs[1]!.items).toHaveLength(200)
    runner.request({ kind: 'catalog', items: ['sku:200'] })
    exec.finishers[1]!.resolve()
    await exec.settle()
    runner.request({ kind: 'catalog', items: Array.from({ length: 201 }, (_, i) => `sku:${i}`) })
    exec.finishers[2]!.resolve()
    await exec.settle()
    expect(exec.jobs[3]).toMatchObject({ complete: false })
    expect(exec.jobs[3]!.items).toHaveLength(200)
    exec.finishers[3]!.resolve()
    await runner.idle()
  })

  it('with gatherMs, waits that long after the first request before building, so a burst arriving one request at a time is one build', async () => {
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined, gatherMs: 400 })
    runner.request({ kind: 'catalog', items: ['sku:1'] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(runner.status().state).toBe('queued')
    runner.request({ kind: 'catalog', items: ['sku:2'] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    runner.request({ kind: 'catalog', items: ['sku:3'] })
    expect(exec.jobs).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(exec.jobs.map((job) => job.items)).toEqual([['sku:1', 'sku:2', 'sku:3']])
    exec.finishers[0]!.resolve()
    await runner.idle()
  })

  it('folds every request that arrives during a build into one follow-up build', async () => {
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined })
    runner.request({ kind: 'content', items: ['cms/menu.json'] })
    await exec.settle()
    const during = [
      runner.request({ kind: 'content', items: ['cms/footer.json'] }),
      runner.request({ kind: 'catalog', items: ['sku-1'] }),
      runner.request({ kind: 'content', items: ['cms/footer.json'] }),
    ]
    expect(runner.status().queued).toEqual({ kinds: ['content', 'catalog'], items: ['cms/footer.json', 'sku-1'], count: 3 })
    expect(ticketState(runner.status(), during[2]!).state).toBe('queued')
    exec.finishers[0]!.resolve()
    await exec.settle()
    expect(exec.jobs).toHaveLength(2)
    expect(exec.jobs[1]).toMatchObject({ kinds: ['content', 'catalog'], items: ['cms/footer.json', 'sku-1'], through: during[2] })
    exec.finishers[1]!.resolve()
    await runner.idle()
    expect(exec.jobs).toHaveLength(2)
    for (const ticket of during) expect(ticketState(runner.status(), ticket).state).toBe('live')
  })

  it('joins requests of the same moment into the first build', async () => {
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined })
    runner.request({ kind: 'content', items: ['a'] })
    runner.request({ kind: 'content', items: ['b'] })
    await exec.settle()
    expect(exec.jobs).toEqual([{ id: 1, kinds: ['content'], items: ['a', 'b'], through: 2, complete: true }])
    exec.finishers[0]!.resolve()
    await runner.idle()
  })

  it('reports a failed build with its reason, keeps the last live build, and a later build clears the failure', async () => {
    const exec = controlledExecutor()
    const logged: string[] = []
    const runner = new BuildRunner({ execute: exec.execute, log: (m) => logged.push(m) })
    const good = runner.request({ kind: 'content', items: ['a'] })
    await exec.settle()
    exec.finishers[0]!.resolve()
    await runner.idle()
    const bad = runner.request({ kind: 'content', items: ['b'] })
    await exec.settle()
    exec.finishers[1]!.reject(new Error('cms/menu.json: items[0].url: link to a missing page'))
    await runner.idle()
    const status = runner.status()
    expect(status.state).toBe('failed')
    expect(status.liveThrough).toBe(good)
    expect(status.lastLive?.id).toBe(1)
    expect(ticketState(status, good).state).toBe('live')
    expect(ticketState(status, bad)).toEqual({ state: 'failed', reason: 'cms/menu.json: items[0].url: link to a missing page' })
    expect(logged[0]).toMatch(/last good build keeps serving/)

    const fix = runner.request({ kind: 'content', items: ['b'] })
    await exec.settle()
    expect(ticketState(runner.status(), bad).state).toBe('building')
    exec.finishers[2]!.resolve()
    await runner.idle()
    expect(runner.status().state).toBe('live')
    expect(ticketState(runner.status(), bad).state).toBe('live')
    expect(ticketState(runner.status(), fix).state).toBe('live')
  })

  it('times a build on its own clock', async () => {
    let now = 1_000
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, now: () => now, log: () => undefined })
    runner.request({ kind: 'content', items: [] })
    await exec.settle()
    now += 4_500
    expect(runner.status().building?.elapsedMs).toBe(4_500)
    now += 500
    exec.finishers[0]!.resolve()
    await runner.idle()
    expect(runner.status().lastLive?.durationMs).toBe(5_000)
  })

  it('runs the fast path for the builds it accepts, and falls back to the full build when it fails', async () => {
    const full = controlledExecutor()
    const fastJobs: BuildJob[] = []
    let fastFails = false
    const logged: string[] = []
    const runner = new BuildRunner({
      execute: full.execute,
      fast: {
        accepts: (job) => job.items.every((item) => item === 'cms/menu.json'),
        execute: async (job) => {
          fastJobs.push(job)
          if (fastFails) throw new Error('regione mancante')
          return { pagesWritten: 7 }
        },
      },
      log: (message) => logged.push(message),
    })
    runner.request({ kind: 'content', items: ['cms/menu.json'] })
    await runner.idle()
    expect(fastJobs).toHaveLength(1)
    expect(full.jobs).toHaveLength(0)
    expect(runner.status().lastLive).toMatchObject({ pagesWritten: 7, fast: true, catalogKept: null })

    // Not accepted: the full build, and the fast path is not tried.
    runner.request({ kind: 'content', items: ['cms/pages.json'] })
    await full.settle()
    expect(fastJobs).toHaveLength(1)
    full.finishers[0]!.resolve()
    await runner.idle()
    expect(runner.status().lastLive).toMatchObject({ pagesWritten: 3, fast: false })

    fastFails = true
    const ticket = runner.request({ kind: 'content', items: ['cms/menu.json'] })
    await full.settle()
    expect(fastJobs).toHaveLength(2)
    expect(full.jobs).toHaveLength(2)
    expect(logged.join('\n')).toContain('regione mancante')
    full.finishers[1]!.resolve()
    await runner.idle()
    expect(ticketState(runner.status(), ticket).state).toBe('live')
    expect(runner.status().lastLive?.fast).toBe(false)
  })

  it('builds the whole site when an earlier change failed, which the fast path would not carry', async () => {
    const full = controlledExecutor()
    const fastJobs: BuildJob[] = []
    const runner = new BuildRunner({
      execute: full.execute,
      fast: { accepts: (job) => job.items.every((item) => item === 'cms/menu.json'), execute: async (job) => (fastJobs.push(job), { pagesWritten: 1 }) },
      log: () => undefined,
    })
    const page = runner.request({ kind: 'content', items: ['cms/pages.json'] })
    await full.settle()
    full.finishers[0]!.reject(new Error('errore nei contenuti'))
    await runner.idle()
    const menu = runner.request({ kind: 'content', items: ['cms/menu.json'] })
    await full.settle()
    expect(fastJobs).toHaveLength(0)
    full.finishers[1]!.resolve()
    await runner.idle()
    expect(ticketState(runner.status(), page).state).toBe('live')
    expect(ticketState(runner.status(), menu).state).toBe('live')
    // Everything live again: the next frame change takes the fast path.
    runner.request({ kind: 'content', items: ['cms/menu.json'] })
    await runner.idle()
    expect(fastJobs).toHaveLength(1)
  })
})

describe('the journal of changes not yet live', () => {
  function memoryJournal() {
    const journal = { kept: [] as BuildRequest[], read: () => journal.kept, write: (requests: BuildRequest[]) => void (journal.kept = requests) }
    return journal
  }

  it('keeps each change taken until a build makes it live, and a failed one until a later build does', async () => {
    const exec = controlledExecutor()
    const journal = memoryJournal()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined, journal })
    runner.request({ kind: 'catalog', items: ['sku:1'] })
    expect(journal.kept).toEqual([{ kind: 'catalog', items: ['sku:1'] }])
    await exec.settle()
    runner.request({ kind: 'content', items: ['cms/home.json'] })
    runner.request({ kind: 'catalog', items: ['sku:2', 'sku:1'] })
    expect(journal.kept).toEqual([{ kind: 'catalog', items: ['sku:1', 'sku:2'] }, { kind: 'content', items: ['cms/home.json'] }])
    exec.finishers[0]!.resolve()
    await exec.settle()
    // The first build is live; what came during it waits for the second.
    expect(journal.kept).toEqual([{ kind: 'content', items: ['cms/home.json'] }, { kind: 'catalog', items: ['sku:2', 'sku:1'] }])
    exec.finishers[1]!.reject(new Error('content error'))
    await exec.settle()
    expect(journal.kept).toHaveLength(2)
    runner.request({ kind: 'catalog', items: ['sku:3'] })
    await exec.settle()
    exec.finishers[2]!.resolve()
    await runner.idle()
    expect(journal.kept).toEqual([])
  })

  it('builds, in a server started again, the changes the one before took and did not make live', async () => {
    const journal = memoryJournal()
    const first = controlledExecutor()
    const stopped = new BuildRunner({ execute: first.execute, log: () => undefined, journal })
    stopped.request({ kind: 'catalog', items: ['sku:7'] })
    stopped.request({ kind: 'content', items: ['cms/top-header.json'] })
    await first.settle()
    // The server stops here, its build never finishing.
    const again = controlledExecutor()
    const restarted = new BuildRunner({ execute: again.execute, log: () => undefined, journal })
    expect(restarted.resume()).toBe(2)
    await again.settle()
    expect(again.jobs).toEqual([expect.objectContaining({ kinds: ['catalog', 'content'], items: ['sku:7', 'cms/top-header.json'], complete: true })])
    again.finishers[0]!.resolve()
    await restarted.idle()
    expect(journal.kept).toEqual([])
    expect(new BuildRunner({ execute: again.execute, log: () => undefined, journal }).resume()).toBe(0)
  })

  it('keeps what the journal held while requests arrive before the server resumes it', async () => {
    const journal = memoryJournal()
    journal.kept = [{ kind: 'catalog', items: ['sku:7'] }]
    const exec = controlledExecutor()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined, journal })
    runner.request({ kind: 'content', items: ['cms/home.json'] })
    expect(journal.kept).toEqual([{ kind: 'catalog', items: ['sku:7'] }, { kind: 'content', items: ['cms/home.json'] }])
    expect(runner.resume()).toBe(1)
    await exec.settle()
    exec.finishers[0]!.resolve()
    await exec.settle()
    exec.finishers[1]?.resolve()
    await runner.idle()
    expect(exec.jobs.flatMap((job) => job.items).sort()).toEqual(['cms/home.json', 'sku:7'])
    expect(journal.kept).toEqual([])
  })

  it('keeps at most a job’s items per kind, saying when it cut them, so the build after a restart is a full one', async () => {
    const exec = controlledExecutor()
    const journal = memoryJournal()
    const runner = new BuildRunner({ execute: exec.execute, log: () => undefined, journal })
    for (let i = 0; i < 3; i++) runner.request({ kind: 'catalog', items: Array.from({ length: 100 }, (_, j) => `sku:${i * 100 + j}`) })
    expect(journal.kept).toEqual([{ kind: 'catalog', items: expect.any(Array), complete: false }])
    expect(journal.kept[0]!.items).toHaveLength(200)
    const restarted = controlledExecutor()
    new BuildRunner({ execute: restarted.execute, log: () => undefined, journal }).resume()
    await restarted.settle()
    expect(restarted.jobs[0]).toMatchObject({ complete: false })
    exec.finishers[0]?.resolve()
    restarted.finishers[0]!.resolve()
  })
})
