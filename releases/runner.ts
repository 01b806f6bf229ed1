/**
 * The storefront's rebuilds after a publish or a catalog change: one build at
 * a time, and every request that arrives while one runs is folded into a
 * single follow-up build, so ten publishes during a build cost one more build,
 * not ten. Each request gets a ticket; the status says, for a ticket, whether
 * its change is queued, being built, live or failed (with the reason), which
 * is what the editing screen shows. A failed build never replaces the site
 * being served (the executor only switches to a build that finished).
 *
 * A build that a fast path accepts (a change to the page frame's content alone, ./frame.ts) runs that path
 * first; if it fails, the same build falls back to the full executor, so a doubt costs time, never the change.
 */

export type BuildKind = 'content' | 'catalog'

export interface BuildRequest {
  kind: BuildKind
  /** What changed: cms files, or product ids / skus (`sku:…`, `product:…`). Shown in the status; the fast paths read them. */
  items: string[]
  /** False when `items` does not name every change (a journal that kept only the first ones): a full build then. */
  complete?: boolean
}

/**
 * Where the changes taken and not yet live are kept, so that a server stopped before a build finished (a deploy, a
 * crash) builds them when it starts again (`resume`) instead of leaving them to the next change (./journal.ts).
 */
export interface ChangeJournal {
  read(): BuildRequest[]
  write(requests: BuildRequest[]): void
}

export interface BuildJob {
  id: number
  kinds: BuildKind[]
  items: string[]
  /** The highest ticket this build includes. */
  through: number
  /** Whether `items` names every change (false past MAX_ITEMS): a fast path that reads them must take all of them. */
  complete: boolean
}

export interface BuildReport {
  /** Pages whose HTML the build wrote, as Gatsby reports them. */
  pagesWritten?: number
  /** The change went live by the fast path. */
  fast?: boolean
  /** The build kept the last build's catalog instead of reading it again (a full build only). */
  catalogKept?: boolean
}

/** Runs one build and switches the served site to it; rejects (and switches nothing) when the build fails. */
export type BuildExecutor = (job: BuildJob, stage: (name: string) => void) => Promise<BuildReport>

export type BuildState = 'idle' | 'queued' | 'building' | 'live' | 'failed'

export interface BuildStatus {
  state: BuildState
  /** The last ticket handed out. */
  requested: number
  /** Every ticket up to this one is live on the storefront. */
  liveThrough: number
  building: { id: number; kinds: BuildKind[]; items: string[]; through: number; startedAt: string; elapsedMs: number; stage: string } | null
  /** Requests waiting for the follow-up build. */
  queued: { kinds: BuildKind[]; items: string[]; count: number } | null
  lastLive: { id: number; through: number; liveAt: string; durationMs: number; pagesWritten: number | null; fast: boolean; catalogKept: boolean | null } | null
  lastFailure: { id: number; through: number; failedAt: string; reason: string } | null
}

/** What one ticket's change has come to. */
export type TicketState = { state: 'queued' } | { state: 'building'; elapsedMs: number; stage: string } | { state: 'live'; liveAt: string } | { state: 'failed'; reason: string }

export interface RunnerOptions {
  execute: BuildExecutor
  /** A quicker executor for the builds it accepts; the full one runs when it fails. */
  fast?: { accepts: (job: BuildJob) => boolean; execute: BuildExecutor }
  now?: () => number
  /** Where failures are logged; the reason also goes into the status. */
  log?: (message: string) => void
  journal?: ChangeJournal
  /**
   * How long a build, once asked for, waits for the requests of the same burst before it starts (0: none). VTEX
   * notifies one sku a request, and a bulk change is thousands of requests within seconds: without the wait, the
   * first sku would have a build of its own.
   */
  gatherMs?: number
}

const MAX_ITEMS = 200

export class BuildRunner {
  private readonly execute: BuildExecutor
  private readonly fast: RunnerOptions['fast']
  private readonly now: () => number
  private readonly log: (message: string) => void
  private ticket = 0
  private pending: { kinds: Set<BuildKind>; items: Set<string>; count: number; complete: boolean } | null = null
  private current: (BuildJob & { startedAt: number; stage: string }) | null = null
  private nextId = 1
  private liveThrough = 0
  /** The last ticket a job has taken: changes after it all wait for the same next job. */
  private takenThrough = 0
  private lastLive: BuildStatus['lastLive'] = null
  private lastFailure: BuildStatus['lastFailure'] = null
  private running: Promise<void> | null = null
  private readonly journal: ChangeJournal | undefined
  private readonly gatherMs: number
  /** Every change taken and not live yet (the build running, a build that failed, the requests waiting), for the journal. */
  private notLive: { ticket: number; request: BuildRequest }[] = []
  /** What the journal kept from a server before this one, until `resume` asks for it: kept in the journal meanwhile. */
  private unresumed: BuildRequest[]

  constructor(options: RunnerOptions) {
    this.execute = options.execute
    this.fast = options.fast
    this.now = options.now ?? Date.now
    this.log = options.log ?? ((message) => console.error(message))
    this.journal = options.journal
    this.gatherMs = options.gatherMs ?? 0
    // Read now: a request taken before `resume` must not write over it.
    this.unresumed = this.journal?.read() ?? []
  }

  /** Asks again for the changes the journal kept from a server that stopped before they went live; answers how many. */
  resume(): number {
    const kept = this.unresumed
    this.unresumed = []
    for (const request of kept) this.request(request)
    return kept.length
  }

  /** Asks for a build including this change; answers the change's ticket at once. */
  request(request: BuildRequest): number {
    const ticket = ++this.ticket
    this.pending ??= { kinds: new Set(), items: new Set(), count: 0, complete: true }
    this.pending.kinds.add(request.kind)
    if (request.complete === false) this.pending.complete = false
    for (const item of request.items) {
      if (this.pending.items.size < MAX_ITEMS) this.pending.items.add(item)
      else if (!this.pending.items.has(item)) this.pending.complete = false
    }
    this.pending.count++
    this.remember(this.withWaiting({ ticket, request }))
    this.running ??= this.loop().finally(() => {
      this.running = null
    })
    return ticket
  }

  /** Resolves once no build runs and none is waiting. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private async loop(): Promise<void> {
    // Let requests of the same moment, or of the same burst, join this build.
    await Promise.resolve()
    if (this.gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, this.gatherMs))
    while (this.pending) {
      const { kinds, items, complete } = this.pending
      this.pending = null
      const job: BuildJob = { id: this.nextId++, kinds: [...kinds], items: [...items], through: this.ticket, complete }
      this.takenThrough = job.through
      this.current = { ...job, startedAt: this.now(), stage: 'avvio' }
      try {
        const report = await this.run(job, (stage) => {
          if (this.current?.id === job.id) this.current.stage = stage
        })
        const liveAt = this.now()
        this.liveThrough = job.through
        this.remember(this.notLive.filter((kept) => kept.ticket > job.through))
        this.lastLive = { id: job.id, through: job.through, liveAt: new Date(liveAt).toISOString(), durationMs: liveAt - this.current.startedAt, pagesWritten: report.pagesWritten ?? null, fast: report.fast === true, catalogKept: report.catalogKept ?? null }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        this.log(`build ${job.id} failed, the last good build keeps serving: ${reason}`)
        this.lastFailure = { id: job.id, through: job.through, failedAt: new Date(this.now()).toISOString(), reason }
      } finally {
        this.current = null
      }
    }
  }

  private async run(job: BuildJob, stage: (name: string) => void): Promise<BuildReport> {
    // A change that failed and is not live yet is carried by a full build only: the fast path patches the frame.
    const failedBefore = this.lastFailure !== null && this.lastFailure.through > this.liveThrough
    if (this.fast?.accepts(job) && !failedBefore) {
      try {
        return { ...(await this.fast.execute(job, stage)), fast: true }
      } catch (error) {
        this.log(`build ${job.id}: the fast path failed, building the whole site: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    return { ...(await this.execute(job, stage)), fast: false }
  }

  /**
   * The changes not live yet with `change` among them. Changes no job has taken yet all go to the same next job,
   * so one of the same kind as the last of them joins it: a burst of thousands of one-sku notifications is one
   * entry to keep, not thousands to merge again at every request.
   */
  private withWaiting(change: { ticket: number; request: BuildRequest }): { ticket: number; request: BuildRequest }[] {
    const last = this.notLive.at(-1)
    if (!last || last.ticket <= this.takenThrough || last.request.kind !== change.request.kind) return [...this.notLive, change]
    const items = new Set(last.request.items)
    let complete = last.request.complete !== false && change.request.complete !== false
    for (const item of change.request.items) {
      if (items.size < MAX_ITEMS) items.add(item)
      else if (!items.has(item)) complete = false
    }
    const joined = { ticket: change.ticket, request: { kind: last.request.kind, items: [...items], ...(complete ? {} : { complete: false }) } }
    return [...this.notLive.slice(0, -1), joined]
  }

  /**
   * Keeps the changes not live yet, merged into one request per kind (so the journal stays small however many
   * changes a failing build leaves waiting), the items cut at what a job holds, saying so.
   */
  private remember(notLive: { ticket: number; request: BuildRequest }[]): void {
    this.notLive = notLive
    if (!this.journal) return
    const merged = new Map<BuildKind, { items: Set<string>; complete: boolean }>()
    for (const request of [...this.unresumed, ...notLive.map((kept) => kept.request)]) {
      const entry = merged.get(request.kind) ?? { items: new Set<string>(), complete: true }
      if (request.complete === false) entry.complete = false
      for (const item of request.items) {
        if (entry.items.size < MAX_ITEMS) entry.items.add(item)
        else if (!entry.items.has(item)) entry.complete = false
      }
      merged.set(request.kind, entry)
    }
    try {
      this.journal.write([...merged].map(([kind, entry]) => ({ kind, items: [...entry.items], ...(entry.complete ? {} : { complete: false }) })))
    } catch (error) {
      this.log(`the changes waiting could not be kept for a restart: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  status(): BuildStatus {
    const now = this.now()
    const building = this.current
      ? { id: this.current.id, kinds: this.current.kinds, items: this.current.items, through: this.current.through, startedAt: new Date(this.current.startedAt).toISOString(), elapsedMs: now - this.current.startedAt, stage: this.current.stage }
      : null
    const queued = this.pending ? { kinds: [...this.pending.kinds], items: [...this.pending.items], count: this.pending.count } : null
    const state: BuildState = building ? 'building' : queued ? 'queued' : this.lastFailure && this.lastFailure.through > this.liveThrough ? 'failed' : this.lastLive ? 'live' : 'idle'
    return { state, requested: this.ticket, liveThrough: this.liveThrough, building, queued, lastLive: this.lastLive, lastFailure: this.lastFailure }
  }
}

/**
 * What a status says of one ticket. Every build carries every change up to its ticket (a fast path takes all of
 * its job's items; a full build, the whole content on disk), so a later build carries an earlier change too: a
 * ticket is live once any build through it went live, and failed while the last build through it failed and no
 * newer one is running.
 */
export function ticketState(status: BuildStatus, ticket: number): TicketState {
  if (status.liveThrough >= ticket) return { state: 'live', liveAt: status.lastLive?.liveAt ?? '' }
  if (status.building && status.building.through >= ticket) return { state: 'building', elapsedMs: status.building.elapsedMs, stage: status.building.stage }
  if (status.lastFailure && status.lastFailure.through >= ticket) return { state: 'failed', reason: status.lastFailure.reason }
  return { state: 'queued' }
}
