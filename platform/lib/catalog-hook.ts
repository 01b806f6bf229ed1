/**
 * Tells the storefront that the catalog changed, so it renders again the pages
 * showing the changed products: after a price or stock change through the
 * admin endpoint, a POST of `{ "skus": [...] }` to PLATFORM_CATALOG_HOOK_URL
 * with `Authorization: Bearer PLATFORM_CATALOG_HOOK_TOKEN`. The platform knows
 * only that address, nothing of the storefront's code.
 *
 * No change waits for luck: the change writes its sku into `catalog_outbox` in
 * its own transaction (platform/catalog/admin.ts), and a row leaves the table
 * only once the storefront took it. A storefront that is down or failing never
 * fails the admin request; its calls are tried again, one second after the
 * first failure and twice as long after each next one up to a minute, for as
 * long as it takes, and a platform that stopped with rows left sends them when
 * it starts. A refusal of the body itself (400, 413, 415) is not sent again
 * as it was: each sku of the batch is sent alone, and only one the storefront
 * refuses alone is logged and dropped. Changes within half a second are sent
 * together, at most 500 skus and 15 KB a call (the storefront takes 16 KB a
 * body), so a bulk change is a few calls, not one a sku. Two platforms over
 * one database may both send a row; the storefront folds repeated skus.
 */
import type { Queryable } from '../db/types'

/** How long changes are gathered before a call. */
const BATCH_MS = 500
/** Skus in one call at most, as the storefront's hook takes them. */
const BATCH_SKUS = 500
/** Bytes of a call's body at most: the storefront takes 16 KB. */
const BATCH_BYTES = 15_000
/** The longest wait between two tries. */
const MAX_RETRY_MS = 60_000
/** Answers that refuse the body itself: the same body would be refused again. */
const BODY_REFUSED = new Set([400, 413, 415])

export interface CatalogHook {
  /** Says that changes were written to the outbox (or were left there); sends them shortly. Returns at once. */
  notify(): void
  /** Resolves once the rows due now have been tried (for tests and a clean stop). */
  settled(): Promise<void>
  /** Stops trying: rows left are sent by the next start. */
  close(): void
}

export interface CatalogHookOptions {
  url: string
  token: string
  /** The database holding `catalog_outbox`. */
  db: Queryable
  timeoutMs?: number
  /** The wait after a first failure, doubled after each next one (1 s). */
  retryAfterMs?: number
  batchMs?: number
  log?: (message: string) => void
}

/** Why a call did not reach the storefront, in words an operator can act on: fetch's own error says only "fetch failed". */
function unreachable(error: unknown): string {
  const { name, cause } = error as { name?: unknown; cause?: { code?: unknown; message?: unknown } }
  if (name === 'TimeoutError') return 'no answer in time'
  const why = [cause?.code, cause?.message, name].find((part) => typeof part === 'string' && part !== '')
  return `not reached (${String(why ?? 'unknown error')})`
}

type Outcome = 'taken' | 'refused' | 'failed'

/** The first rows whose skus fit in one call's body. */
function batchOf<R extends { sku: string }>(rows: R[]): R[] {
  let bytes = '{"skus":[]}'.length
  const batch: R[] = []
  for (const row of rows) {
    bytes += JSON.stringify(row.sku).length + 1
    if (batch.length > 0 && bytes > BATCH_BYTES) break
    batch.push(row)
  }
  return batch
}

interface Due {
  sku: string
  changed_at: string
}

export function catalogHook(options: CatalogHookOptions): CatalogHook {
  const { db } = options
  const log = options.log ?? ((message) => console.error(message))
  const origin = new URL(options.url).origin
  const retryAfterMs = options.retryAfterMs ?? 1_000

  const call = async (skus: string[]): Promise<Outcome> => {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ skus }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      })
      if (response.ok) return 'taken'
      log(`catalog hook ${origin}: answered ${response.status}`)
      return BODY_REFUSED.has(response.status) ? 'refused' : 'failed'
    } catch (error) {
      log(`catalog hook ${origin}: ${unreachable(error)}`)
      return 'failed'
    }
  }

  /** Puts rows off after a failed call: doubling from the first wait, by each row's own count of failures, up to the longest wait. */
  const putOff = async (skus: string[]) => {
    const [row] = await db.query<{ attempts: number }>(
      `UPDATE catalog_outbox SET attempts = attempts + 1,
         next_attempt_at = clock_timestamp() + least($2::float8 * power(2, least(attempts, 16)), $3::float8) * interval '1 millisecond'
       WHERE sku = ANY($1::text[]) RETURNING attempts`,
      [skus, retryAfterMs, MAX_RETRY_MS],
    )
    log(`catalog hook: ${skus.length === 1 ? 'the changed sku is' : `${skus.length} changed skus are`} kept and sent again (try ${(row?.attempts ?? 0) + 1})`)
  }
  /** Lets rows go; a row changed again while the call was under way has a later time, and stays for the next call. */
  const letGo = (rows: Due[]) =>
    db.query(
      `DELETE FROM catalog_outbox o USING unnest($1::text[], $2::timestamptz[]) AS d(sku, changed_at)
       WHERE o.sku = d.sku AND o.changed_at = d.changed_at`,
      [rows.map((row) => row.sku), rows.map((row) => row.changed_at)],
    )

  /** Sends the rows due now, a batch at a time; answers the wait until the next row is due, or null when none is left. */
  const deliver = async (): Promise<number | null> => {
    for (;;) {
      const due = batchOf(await db.query<Due>(`SELECT sku, changed_at::text AS changed_at FROM catalog_outbox WHERE next_attempt_at <= clock_timestamp() ORDER BY changed_at, sku LIMIT ${BATCH_SKUS}`))
      if (due.length === 0) break
      const outcome = await call(due.map((row) => row.sku))
      if (outcome === 'failed') {
        await putOff(due.map((row) => row.sku))
        break
      }
      if (outcome === 'taken' || due.length === 1) {
        if (outcome === 'refused') log(`catalog hook: ${due[0]!.sku} dropped, the storefront refused it`)
        await letGo(due)
        continue
      }
      // A batch refused: one sku of it may be what the storefront refuses, so each is sent alone, and only that one is dropped.
      for (const row of due) {
        const alone = await call([row.sku])
        if (alone === 'failed') await putOff([row.sku])
        else {
          if (alone === 'refused') log(`catalog hook: ${row.sku} dropped, the storefront refused it`)
          await letGo([row])
        }
      }
    }
    const [next] = await db.query<{ wait_ms: number | null }>(`SELECT ceil(extract(epoch FROM min(next_attempt_at) - clock_timestamp()) * 1000)::float8 AS wait_ms FROM catalog_outbox`)
    return next?.wait_ms ?? null
  }

  let closed = false
  let timer: NodeJS.Timeout | undefined
  /** When the timer fires. */
  let timerAt = 0
  let running: Promise<void> | null = null
  let again = false
  const schedule = (afterMs: number) => {
    if (closed) return
    clearTimeout(timer)
    timerAt = Date.now() + Math.max(0, afterMs)
    timer = setTimeout(() => void run(), Math.max(0, afterMs))
    timer.unref()
  }
  const run = (): Promise<void> => {
    clearTimeout(timer)
    timer = undefined
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let wait: number | null = null
      do {
        again = false
        wait = await deliver().catch((error: unknown) => {
          log(`catalog hook: the outbox could not be read (${error instanceof Error ? error.message : String(error)}), trying again`)
          return retryAfterMs
        })
      } while (again && !closed)
      if (wait !== null) schedule(wait)
    })().finally(() => {
      running = null
    })
    return running
  }

  return {
    notify() {
      if (running) {
        again = true
        return
      }
      // Gathered with what came in the last half second; a change never waits out an earlier change's retry.
      const batchMs = options.batchMs ?? BATCH_MS
      if (!timer || timerAt > Date.now() + batchMs) schedule(batchMs)
    },
    async settled() {
      if (timer || running) await run()
      while (running) await running
    },
    close() {
      closed = true
      clearTimeout(timer)
      timer = undefined
    },
  }
}

/** The hook PLATFORM_CATALOG_HOOK_URL and PLATFORM_CATALOG_HOOK_TOKEN configure over this database; null when either is unset. */
export function catalogHookFromEnv(env: NodeJS.ProcessEnv, db: Queryable): CatalogHook | null {
  const url = env.PLATFORM_CATALOG_HOOK_URL
  const token = env.PLATFORM_CATALOG_HOOK_TOKEN
  if (!url || !token) return null
  if (!URL.canParse(url)) throw new Error(`PLATFORM_CATALOG_HOOK_URL is not a URL: ${url}`)
  return catalogHook({ url, token, db })
}
