/**
 * How a Function answers a failure: a typed refusal with its own status and
 * code, anything else as a 500 that names nothing of the fault. What the body
 * looks like is the Function's protocol: `{ error: { code, message } }` for
 * every Function but /api/graphql, which answers `{ errors: [...] }`.
 */
import type { GatsbyFunctionResponse } from 'gatsby'
import { CommerceError, type ErrorCode } from '../commerce/errors'
import { reportFunctionError } from './report'

/** A failure as the answer states it. */
export interface Failure {
  status: number
  code: ErrorCode | 'internal'
  message: string
}

/** Writes a failure as the body of the answer. */
export type ErrorBody = (failure: Failure) => unknown

export const functionErrorBody: ErrorBody = ({ code, message }) => ({ error: { code, message } })

export function sendError(res: GatsbyFunctionResponse, error: unknown, path = '', errorBody: ErrorBody = functionErrorBody): void {
  if (error instanceof CommerceError) {
    // A refusal is the caller's business; a failure (the platform down or wrong) is the operators'.
    if (error.status >= 500) reportFunctionError(error, path)
    if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds))
    res.status(error.status).json(errorBody({ status: error.status, code: error.code, message: error.message }))
    return
  }
  reportFunctionError(error, path)
  console.error('[functions] unexpected failure', error)
  res.status(500).json(errorBody({ status: 500, code: 'internal', message: 'internal error' }))
}
