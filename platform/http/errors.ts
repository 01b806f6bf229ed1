import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { z, type ZodIssue, type ZodTypeAny } from 'zod'
import type { ApiError } from '../wire'
import { badRequest, PlatformError, TooManyAttempts } from '../lib/errors'
import { isCsrfFailure, refuse } from './security'

function describeIssue(issue: ZodIssue, root: string): string {
  const path = issue.path.join('.') || root
  switch (issue.code) {
    case 'invalid_type':
      return issue.received === 'undefined' ? `${path} is required` : `${path} must be ${issue.expected}, not ${issue.received}`
    case 'too_small':
      return issue.type === 'string'
        ? `${path} must have at least ${issue.minimum} characters`
        : issue.type === 'array'
          ? `${path} must have at least ${issue.minimum} items`
          : `${path} must be at least ${issue.minimum}`
    case 'too_big':
      return issue.type === 'string'
        ? `${path} must have at most ${issue.maximum} characters`
        : issue.type === 'array'
          ? `${path} must have at most ${issue.maximum} items`
          : `${path} must be at most ${issue.maximum}`
    case 'unrecognized_keys':
      return `${path} has unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
    case 'invalid_enum_value':
      return `${path} must be one of ${issue.options.join(', ')}`
    case 'invalid_string':
      return `${path} is not a valid ${String(issue.validation)}`
    default:
      return `${path} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`
  }
}

/**
 * Parses untrusted input with a zod schema; on failure throws a 400 whose
 * message names every offending field ("quantity is required"). `root` names
 * the input itself when it is the problem ("body is required").
 */
export function parse<S extends ZodTypeAny>(schema: S, input: unknown, root: string): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data as z.output<S>
  const messages = result.error.issues.slice(0, 5).map((issue) => describeIssue(issue, root))
  throw badRequest(messages.join('; '), 'INVALID_INPUT')
}

export function errorBody(code: string, message: string): ApiError {
  return { error: { code, message } }
}

/**
 * Every failure leaves as `{ error: { code, message } }`: PlatformErrors with
 * their status, framework 4xx errors (bad JSON, wrong content type, too large)
 * as they come, anything else as a logged 500 that reveals nothing.
 */
export function handleError(error: FastifyError | PlatformError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof PlatformError) {
    if (error instanceof TooManyAttempts) void reply.header('retry-after', String(error.retryAfterSeconds))
    void reply.status(error.status).send(errorBody(error.code, error.message))
    return
  }
  if (isCsrfFailure(error as FastifyError)) {
    void refuse(request, reply, 403, 'INVALID_CSRF_TOKEN', 'the form token is missing or wrong')
    return
  }
  const status = (error as FastifyError).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (error as FastifyError).code?.replace(/^FST_ERR_/, '') ?? 'BAD_REQUEST'
    void reply.status(status).send(errorBody(code, error.message))
    return
  }
  request.log.error({ err: error }, 'request failed')
  void reply.status(500).send(errorBody('INTERNAL', 'the platform failed to answer this request'))
}
