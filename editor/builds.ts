/**
 * The editing screen's side of the rebuilds: after a publish it asks the
 * storefront server to rebuild (POST /hooks/content), and it relays where that
 * build stands to the editor's browser (GET /hooks/build). The hook token stays
 * in this process: the browser only ever talks to the editing screen, which
 * answers a status without the token, and a storefront that cannot be reached
 * is said plainly instead of failing the publish (the change is committed, and
 * the storefront server builds it when it starts again: src/build/contentStamp.ts).
 */
import type { TicketState } from '../releases/runner'

export interface SiteBuilds {
  /** The storefront server's address, on loopback beside the editing screen. */
  url: string
  token: string
}

/** What the editor's browser is told of the rebuilds. */
export interface BuildView {
  configured: boolean
  /** The storefront, for the "see it live" link. */
  storefront?: string
  /** The last publish of this editor, and what it has come to. */
  ticket?: number
  change?: TicketState
  state?: string
  building?: { elapsedMs: number; stage: string } | null
  queuedCount?: number
  /** `fast`: the change was patched into the pages without a build (a frame change, releases/frame.ts). */
  lastLive?: { liveAt: string; durationMs: number; pagesWritten: number | null; fast: boolean } | null
  lastFailure?: { failedAt: string; reason: string } | null
  /** Why the status could not be read. */
  problem?: string
}

const TIMEOUT_MS = 5_000

const headers = (builds: SiteBuilds) => ({ authorization: `Bearer ${builds.token}`, 'content-type': 'application/json' })

/** Asks for a rebuild carrying these files; answers the ticket, or the problem in the editor's words. */
export async function requestBuild(builds: SiteBuilds, files: string[]): Promise<{ ticket: number } | { problem: string }> {
  try {
    const response = await fetch(new URL('/hooks/content', builds.url), { method: 'POST', headers: headers(builds), body: JSON.stringify({ files }), signal: AbortSignal.timeout(TIMEOUT_MS) })
    if (response.status !== 202) return { problem: `il negozio ha rifiutato la ricostruzione (${response.status})` }
    const { ticket } = (await response.json()) as { ticket: number }
    return { ticket }
  } catch {
    return { problem: 'il negozio non risponde: la modifica sarà online appena il negozio riparte' }
  }
}

interface HookStatus {
  state: string
  building: { elapsedMs: number; stage: string } | null
  queued: { count: number } | null
  lastLive: { liveAt: string; durationMs: number; pagesWritten: number | null; fast?: boolean } | null
  lastFailure: { failedAt: string; reason: string } | null
  ticket?: { number: number } & TicketState
}

export async function readBuild(builds: SiteBuilds, ticket: number | undefined): Promise<BuildView> {
  try {
    const url = new URL('/hooks/build', builds.url)
    if (ticket) url.searchParams.set('ticket', String(ticket))
    const response = await fetch(url, { headers: { authorization: `Bearer ${builds.token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) })
    if (response.status !== 200) return { configured: true, storefront: builds.url, ticket, problem: `il negozio non dà lo stato (${response.status})` }
    const status = (await response.json()) as HookStatus
    const { number: _number, ...change } = status.ticket ?? { number: 0 }
    return {
      configured: true,
      storefront: builds.url,
      ticket,
      ...(status.ticket ? { change: change as TicketState } : {}),
      state: status.state,
      building: status.building && { elapsedMs: status.building.elapsedMs, stage: status.building.stage },
      queuedCount: status.queued?.count ?? 0,
      lastLive: status.lastLive && { liveAt: status.lastLive.liveAt, durationMs: status.lastLive.durationMs, pagesWritten: status.lastLive.pagesWritten, fast: status.lastLive.fast === true },
      lastFailure: status.lastFailure && { failedAt: status.lastFailure.failedAt, reason: status.lastFailure.reason },
    }
  } catch {
    return { configured: true, storefront: builds.url, ticket, problem: 'il negozio non risponde' }
  }
}
