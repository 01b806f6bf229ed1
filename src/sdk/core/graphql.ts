/**
 * The GraphQL-style helper (req CALL-14). The operation name always travels in
 * the query string; names ending in Query are GET with JSON-encoded variables,
 * everything else is a POST of { operationName, variables }. The first error
 * of an answer is thrown; data is parsed with the operation's schema from the
 * table the Function resolves (src/wire/routes.ts), so its type is the
 * operation's, never one the caller picks.
 */
import { GRAPHQL_PATH, graphqlMethod } from '../../wire/paths'
import type { GraphQLOperation, graphqlOperations } from '../../wire/routes'
import { describeIssues } from '../../wire/schema'
import { loadParser, wire, type z } from '../../wire/zod'
import { AnswerError, RequestError, readJson, send, type CallOptions } from './client'

export { RequestError }

export interface RequestOptions extends CallOptions {
  endpoint?: string
}

/**
 * The helper for a table of operations, read when an answer is parsed (the Functions' table loads with
 * the parser); `request` below is the one for the Functions' table.
 */
export function createRequest<Ops extends { [N in keyof Ops]: GraphQLOperation }>(operations: () => Ops) {
  /** The data the operation's schema parses to: the signature states what the parse below guarantees. */
  function request<N extends keyof Ops & string>(
    operationName: N,
    variables: z.input<Ops[N]['variables']>,
    options?: RequestOptions,
  ): Promise<z.output<Ops[N]['data']>>
  async function request(operationName: keyof Ops & string, variables: unknown, options: RequestOptions = {}): Promise<unknown> {
    const endpoint = options.endpoint ?? GRAPHQL_PATH
    const params = new URLSearchParams({ operationName })
    const method = graphqlMethod(operationName)
    if (method === 'GET') params.set('variables', JSON.stringify(variables))

    // The parser loads while the request is under way (req PERF-01).
    const parser = loadParser()
    // Awaited below; a request that fails first reports its own error, not an unhandled one.
    void parser.catch(() => undefined)
    const response = await send(`${endpoint}?${params.toString()}`, method, method === 'GET' ? undefined : { operationName, variables }, options)
    const body = await readJson(response)
    await parser
    const answer = wire().GraphQLAnswer.safeParse(body)
    const first = answer.success ? answer.data.errors?.[0] : undefined
    if (first) throw new RequestError(first.message, response.status)
    if (!response.ok) throw new RequestError(`request failed with status ${response.status}`, response.status)
    if (!answer.success || answer.data.data === undefined) throw new AnswerError(`${endpoint} ${operationName}`, 'no data', response.status)
    const data = operations()[operationName].data.safeParse(answer.data.data)
    if (!data.success) throw new AnswerError(`${endpoint} ${operationName}`, describeIssues(data.error.issues), response.status)
    return data.data
  }
  return request
}

export const request = createRequest<typeof graphqlOperations>(() => wire().graphqlOperations)
