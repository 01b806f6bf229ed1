/**
 * The browser's one client for the Functions. `call(name, input)` takes its
 * argument and answer types from the route table the Functions serve
 * (src/wire/routes.ts), sends the request the way every Function expects it
 * (JSON, same-origin credentials), and parses the answer with the route's
 * schema: what reaches the state has been checked, never cast.
 *
 * zod and the schemas are not in the first load: the parser chunk, which holds
 * both, loads while the first request is under way and parses its answer when
 * it arrives. Only the addresses and methods (src/wire/paths.ts) are needed to send.
 *
 * Failures are typed: a refusal (non-2xx) is a `RequestError` carrying the
 * Function's status, code and message; an answer that does not parse is an
 * `AnswerError`, status 502 like the Functions' own "wrong answer" from the
 * platform, so it is retried and treated as the platform being unreachable. A
 * request that never got an answer rejects with fetch's own error.
 */
import { functionMethods, functionPath, toSearchParams } from '../../wire/paths'
import type { FunctionAnswer, FunctionInput, FunctionName } from '../../wire/routes'
import { describeIssues, type Schema } from '../../wire/schema'
import { loadParser, wire } from '../../wire/zod'

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** How long to wait before trying again, from a 429's Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'RequestError'
  }
}

export class AnswerError extends RequestError {
  constructor(
    readonly address: string,
    readonly problem: string,
    /** The status the Function answered with. */
    readonly answeredStatus: number,
  ) {
    super(`${address} answered something unexpected: ${problem}`, 502, 'bad_answer')
    this.name = 'AnswerError'
  }
}

export interface CallOptions {
  fetch?: typeof fetch
  signal?: AbortSignal
}


/** Sends a request with the Functions' conventions: JSON both ways, same-origin credentials. */
export function send(address: string, method: string, body: unknown, options: CallOptions): Promise<Response> {
  const doFetch = options.fetch ?? fetch
  const hasBody = method !== 'GET' && body !== undefined
  return doFetch(address, {
    method,
    headers: hasBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
    signal: options.signal,
  })
}

/** The answer's JSON, or undefined when it has none. */
export async function readJson(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined)
}

/** The route table seen name by name, so a route's schema parses to that route's answer type. */
const answerOf = <N extends FunctionName>(name: N): Schema<FunctionAnswer<N>> => {
  const routes: { [M in FunctionName]: { answer: Schema<FunctionAnswer<M>> } } = wire().functionRoutes
  return routes[name].answer
}

interface Parts {
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
}

/** Calls the Function `name` with its params, query and body; resolves to its parsed answer. */
export async function call<N extends FunctionName>(name: N, input: FunctionInput<N>, options: CallOptions = {}): Promise<FunctionAnswer<N>> {
  const parts: Parts = input
  const query = parts.query ? toSearchParams(parts.query).toString() : ''
  const address = functionPath(name, parts.params) + (query ? `?${query}` : '')
  // The parser loads while the request is under way (req PERF-01).
  const parser = loadParser()
  // Awaited below; a request that fails first reports its own error, not an unhandled one.
  void parser.catch(() => undefined)
  const response = await send(address, functionMethods[name], parts.body, options)
  const answer = await readJson(response)
  await parser
  if (!response.ok) {
    const refusal = wire().FunctionError.safeParse(answer)
    const retryAfter = response.headers?.get('retry-after') ?? ''
    if (refusal.success) throw new RequestError(refusal.data.error.message, response.status, refusal.data.error.code, /^\d{1,6}$/.test(retryAfter) ? Number(retryAfter) : undefined)
    throw new RequestError(`${functionPath(name, parts.params)} answered ${response.status}`, response.status)
  }
  const parsed = answerOf(name).safeParse(answer)
  if (!parsed.success) throw new AnswerError(functionPath(name, parts.params), describeIssues(parsed.error.issues), response.status)
  return parsed.data
}
