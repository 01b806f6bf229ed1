/**
 * What /api/graphql reads of a request and how it writes a failure (req CALL-12,
 * CALL-13, CALL-14): the operation is named in the query string; an operation
 * read with GET carries its variables JSON-encoded in the query string, the
 * others POST a body of { operationName, variables }. A failure answers
 * { errors: [{ message, extensions: { code, status } }] }, as GraphQL clients read it.
 * The Function itself runs the pipeline every Function shares (http.ts).
 */
import type { GatsbyFunctionRequest } from 'gatsby'
import { badRequest } from '../commerce/errors'
import { GraphQLBody } from '../wire/inputs'
import { graphqlMethod, isOperationName, type OperationName } from '../wire/routes'
import { describeIssues } from '../wire/schema'
import type { ErrorBody } from './errorAnswer'
import { readJsonBody } from './input'

export const graphqlErrorBody: ErrorBody = ({ status, code, message }) => ({ errors: [{ message, extensions: { code, status } }] })

/** The operation the query string names; a missing or unknown one is a 400. */
export function operationNameOf(req: Pick<GatsbyFunctionRequest, 'query'>): OperationName {
  const name: unknown = req.query?.operationName
  if (typeof name !== 'string' || !name) throw badRequest('operationName is required in the query string')
  if (!isOperationName(name)) throw badRequest(`unknown operation: ${name}`)
  return name
}

/**
 * The operation's variables as sent, before its own schema parses them
 * (src/handlers/operations.ts): from the query string for an operation read
 * with GET, from the body for the others.
 */
export function variablesOf(req: Pick<GatsbyFunctionRequest, 'query' | 'body'>, name: OperationName): unknown {
  return graphqlMethod(name) === 'GET' ? variablesFromQuery(req.query?.variables) : bodyVariables(name, readJsonBody(req.body))
}

export function variablesFromQuery(raw: unknown): unknown {
  if (raw === undefined || raw === '') return {}
  if (typeof raw !== 'string') throw badRequest('variables must be a JSON string')
  try {
    return JSON.parse(raw)
  } catch {
    throw badRequest('variables is not valid JSON')
  }
}

export function bodyVariables(name: string, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body must be a JSON object')
  const parsed = GraphQLBody.safeParse(body)
  if (!parsed.success) throw badRequest(`invalid body: ${describeIssues(parsed.error.issues)}`)
  const { operationName, variables } = parsed.data
  if (operationName !== undefined && operationName !== name) {
    throw badRequest(`operationName in the body (${String(operationName)}) differs from the query string (${name})`)
  }
  return variables ?? {}
}
