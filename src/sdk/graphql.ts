/**
 * The GraphQL-style helper of spec §7. The operation name always travels in
 * the query string; names ending in Query are GET with JSON-encoded variables,
 * everything else is a POST of { operationName, variables }. The first error
 * of an answer is thrown.
 */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'RequestError'
  }
}

interface GraphQLAnswer<T> {
  data?: T
  errors?: { message: string }[]
}

export interface RequestOptions {
  endpoint?: string
  fetch?: typeof fetch
}

export async function request<T>(operationName: string, variables: unknown, options: RequestOptions = {}): Promise<T> {
  const doFetch = options.fetch ?? fetch
  const endpoint = options.endpoint ?? '/api/graphql'
  const params = new URLSearchParams({ operationName })
  const isQuery = operationName.endsWith('Query')
  if (isQuery) params.set('variables', JSON.stringify(variables))

  const response = await doFetch(`${endpoint}?${params.toString()}`, {
    method: isQuery ? 'GET' : 'POST',
    headers: isQuery ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: isQuery ? undefined : JSON.stringify({ operationName, variables }),
    credentials: 'same-origin',
  })
  const answer = (await response.json().catch(() => ({}))) as GraphQLAnswer<T>
  const first = answer.errors?.[0]
  if (first) throw new RequestError(first.message, response.status)
  if (!response.ok || answer.data === undefined) throw new RequestError(`request failed with status ${response.status}`, response.status)
  return answer.data
}
