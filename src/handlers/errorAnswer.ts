/**
 * How a Function answers a failure: a typed refusal with its own status and
 * code, anything else as a 500 that names nothing of the fault.
 */
import type { GatsbyFunctionResponse } from 'gatsby'
import { CommerceError } from '../commerce/errors'
import { reportFunctionError } from './report'

export function sendError(res: GatsbyFunctionResponse, error: unknown, path = ''): void {
  if (error instanceof CommerceError) {
    // A refusal is the caller's business; a failure (the platform down or wrong) is the operators'.
    if (error.status >= 500) reportFunctionError(error, path)
    if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds))
    res.status(error.status).json(error.toJSON())
    return
  }
  reportFunctionError(error, path)
  console.error('[functions] unexpected failure', error)
  res.status(500).json({ error: { code: 'internal', message: 'internal error' } })
}
