/**
 * /api/graphql — the GraphQL-style endpoint (req CALL-12, CALL-13, CALL-14). The operation name is
 * always in the query string; names ending in Query are GET with JSON-encoded
 * variables in the query string, the others POST a body of
 * { operationName, variables }. Errors answer { errors: [{ message }] }.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import { getCommerce } from '../commerce'
import { CommerceError, badRequest } from '../commerce/errors'
import { contextOf, setIssuedCookies } from '../handlers/cookies'
import { guardRequest } from '../handlers/guard'
import { functionSettings } from '../handlers/http'
import { readJsonBody } from '../handlers/input'
import { reportFunctionError } from '../handlers/report'
import { operations } from '../handlers/operations'
import { GraphQLBody } from '../wire/inputs'
import { describeIssues } from '../wire/schema'
import { graphqlMethod, isOperationName } from '../wire/routes'

export const { config } = functionSettings

export default async function graphql(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader('Cache-Control', 'no-store')
  const ctx = contextOf(req)
  try {
    const name = req.query?.operationName
    if (typeof name !== 'string' || !name) throw badRequest('operationName is required in the query string')
    if (!isOperationName(name)) throw badRequest(`unknown operation: ${name}`)

    const method = graphqlMethod(name)
    if ((req.method ?? 'GET').toUpperCase() !== method) {
      res.setHeader('Allow', method)
      throw new CommerceError(405, 'method_not_allowed', `${name} must be sent with ${method}`)
    }
    guardRequest(req)

    const rawVariables = method === 'GET' ? variablesFromQuery(req.query?.variables) : bodyVariables(name, readJsonBody(req.body))
    const data = await operations[name].run(getCommerce(), rawVariables, ctx)
    setIssuedCookies(res, ctx)
    res.status(200).json({ data })
  } catch (error) {
    setIssuedCookies(res, ctx)
    const failure = error instanceof CommerceError ? error : null
    if (!failure) console.error('[graphql] unexpected failure', error)
    const status = failure?.status ?? 500
    if (status >= 500) reportFunctionError(error, req.url ?? '/api/graphql')
    res.status(status).json({
      errors: [{ message: failure?.message ?? 'internal error', extensions: { code: failure?.code ?? 'internal', status } }],
    })
  }
}

function variablesFromQuery(raw: unknown): unknown {
  if (raw === undefined || raw === '') return {}
  if (typeof raw !== 'string') throw badRequest('variables must be a JSON string')
  try {
    return JSON.parse(raw)
  } catch {
    throw badRequest('variables is not valid JSON')
  }
}

function bodyVariables(name: string, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body must be a JSON object')
  const parsed = GraphQLBody.safeParse(body)
  if (!parsed.success) throw badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`)
  const { operationName, variables } = parsed.data
  if (operationName !== undefined && operationName !== name) {
    throw badRequest(`operationName in the body (${String(operationName)}) differs from the query string (${name})`)
  }
  return variables ?? {}
}
