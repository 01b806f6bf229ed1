/**
 * Tells the storefront that the catalog changed, so the static pages showing
 * the changed products are rebuilt: after a price or stock change through the
 * admin endpoint, a POST of `{ "skus": [...] }` to PLATFORM_CATALOG_HOOK_URL
 * with `Authorization: Bearer PLATFORM_CATALOG_HOOK_TOKEN`. The platform knows
 * only that address, nothing of the storefront's code. The change is already
 * stored when the hook is called, so a storefront that does not answer never
 * fails the admin request: the call is tried twice and then logged (without
 * the token), and the next build carries the change anyway. Changes within
 * half a second are sent together, at most 500 skus a call (the storefront
 * takes 16 KB a body), so a bulk change is a few calls, not one a sku.
 */

/** How long changes are gathered before a call. */
const BATCH_MS = 500
/** Skus in one call: 500 ids of up to 20 characters stay under the storefront's 16 KB. */
const BATCH_SKUS = 500

export interface CatalogHook {
  /** Reports changed skus; returns at once. */
  notify(skus: string[]): void
  /** Resolves once every call started so far has ended (for tests and a clean stop). */
  settled(): Promise<void>
}

export interface CatalogHookOptions {
  url: string
  token: string
  timeoutMs?: number
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

export function catalogHook(options: CatalogHookOptions): CatalogHook {
  const running = new Set<Promise<void>>()
  const log = options.log ?? ((message) => console.error(message))
  const attempt = async (skus: string[]): Promise<boolean> => {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ skus }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      })
      if (response.ok) return true
      log(`catalog hook ${new URL(options.url).origin}: answered ${response.status}`)
      return response.status < 500
    } catch (error) {
      log(`catalog hook ${new URL(options.url).origin}: ${unreachable(error)}`)
      return false
    }
  }
  const send = (skus: string[]) => {
    const call = (async () => {
      if (await attempt(skus)) return
      await new Promise((resolve) => setTimeout(resolve, options.retryAfterMs ?? 1_000))
      if (!(await attempt(skus))) log(`catalog hook: ${skus.length === 1 ? 'the changed sku reaches' : `${skus.length} changed skus reach`} the static pages at the next build`)
    })()
    running.add(call)
    void call.finally(() => running.delete(call))
  }
  const gathered = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const skus = [...gathered]
    gathered.clear()
    for (let at = 0; at < skus.length; at += BATCH_SKUS) send(skus.slice(at, at + BATCH_SKUS))
  }
  return {
    notify(skus) {
      for (const sku of skus) gathered.add(sku)
      timer ??= setTimeout(flush, options.batchMs ?? BATCH_MS)
    },
    async settled() {
      if (timer) flush()
      while (running.size > 0) await Promise.all([...running])
    },
  }
}

/** The hook PLATFORM_CATALOG_HOOK_URL and PLATFORM_CATALOG_HOOK_TOKEN configure; null when either is unset. */
export function catalogHookFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogHook | null {
  const url = env.PLATFORM_CATALOG_HOOK_URL
  const token = env.PLATFORM_CATALOG_HOOK_TOKEN
  if (!url || !token) return null
  if (!URL.canParse(url)) throw new Error(`PLATFORM_CATALOG_HOOK_URL is not a URL: ${url}`)
  return catalogHook({ url, token })
}
