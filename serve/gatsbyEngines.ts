/**
 * Gatsby's query engine and page renderer of one build, as `gatsby serve`
 * uses them, for the deferred product pages (docs/large-catalogs.md). They
 * run in a worker thread per build (serve/gatsbyEngineWorker.cjs): loaded in the
 * server's own thread, a build's engines stay in memory after the build is
 * no longer served (they register process-wide handlers and keep their data
 * store open), so a server that publishes build after build would grow with
 * every one. Ending the worker gives all of it back.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

export interface Engines {
  isDeferred(pagePath: string): Promise<boolean>
  renderHtml(pagePath: string): Promise<string>
  renderPageData(pagePath: string): Promise<string>
  /** Ends the worker: calls still waiting fail. */
  close(): Promise<void>
}

type Operation = 'isDeferred' | 'html' | 'pageData'
interface Answer {
  id: number
  value?: string | boolean
  error?: string
}

const WORKER = path.join(__dirname, 'gatsbyEngineWorker.cjs')

/** Whether the build made engines: it does when it deferred a page. */
export function hasEngines(dir: string): boolean {
  const cache = path.join(dir, '.cache')
  return existsSync(path.join(cache, 'query-engine', 'index.js')) && existsSync(path.join(cache, 'page-ssr', 'index.js'))
}

/**
 * The engines of the build in `dir`, in a worker started now; null when the build has none. A worker that
 * stops on its own (an engine that failed to load, or ran out of memory) is started again on the next call.
 */
export function openEngines(dir: string): Engines | null {
  if (!hasEngines(dir)) return null
  let worker: Worker | null = null
  let closed = false
  let nextId = 0
  const waiting = new Map<number, { resolve: (value: string | boolean) => void; reject: (error: Error) => void }>()

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }
  const start = (): Worker => {
    // No loader flags of the server's own: the worker is plain CommonJS.
    const started = new Worker(WORKER, { workerData: { dir }, execArgv: [] })
    started.on('message', (answer: Answer) => {
      const call = waiting.get(answer.id)
      if (!call) return
      waiting.delete(answer.id)
      if (answer.error !== undefined) call.reject(new Error(`rendering engines: ${answer.error}`))
      else call.resolve(answer.value!)
    })
    started.on('error', (error) => failAll(new Error(`rendering engines of ${dir}: ${error.message}`)))
    started.on('exit', (code) => {
      if (worker === started) worker = null
      failAll(new Error(`rendering engines of ${dir} stopped (code ${code})`))
    })
    return started
  }
  const call = <T extends string | boolean>(operation: Operation, pagePath: string): Promise<T> => {
    if (closed) return Promise.reject(new Error(`rendering engines of ${dir} are closed`))
    worker ??= start()
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: string | boolean) => void, reject })
      worker!.postMessage({ id, operation, pagePath })
    })
  }
  // Started now, so the engines are open before the first deferred request.
  worker = start()
  return {
    isDeferred: (pagePath) => call<boolean>('isDeferred', pagePath),
    renderHtml: (pagePath) => call<string>('html', pagePath),
    renderPageData: (pagePath) => call<string>('pageData', pagePath),
    close: async () => {
      closed = true
      const running = worker
      worker = null
      if (running) await running.terminate()
    },
  }
}
