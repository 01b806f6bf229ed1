import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/v4'
import type { ApiError } from '../wire'
import { badRequest, PlatformError, TooManyAttempts } from '../lib/errors'
import { isCsrfFailure, refuse } from './security'

/** What a value is, in the words the messages use ("not string", "not nan"). */
function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number'
  if (value instanceof Date) return 'date'
  return typeof value
}

/** What a schema expects, in the same words: an integer check is "integer", a float that fails it is "float". */
function expectedOf(issue: z.core.$ZodIssueInvalidType): string {
  return issue.expected === 'int' ? 'integer' : issue.expected
}

function receivedOf(issue: z.core.$ZodIssueInvalidType): string {
  const kind = kindOf(issue.input)
  return issue.expected === 'int' && kind === 'number' ? 'float' : kind
}

const sizeOf = (origin: string): string => (origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '')

function describeIssue(issue: z.core.$ZodIssue, root: string): string {
  const path = issue.path.join('.') || root
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${path} is required`
      // A number schema refuses Infinity (a query's "Infinity" coerces to it) as no number at all.
      if (issue.input === Infinity || issue.input === -Infinity) return `${path} must be a finite number`
      return `${path} must be ${expectedOf(issue)}, not ${receivedOf(issue)}`
    case 'too_small':
      return sizeOf(issue.origin) ? `${path} must have at least ${issue.minimum}${sizeOf(issue.origin)}` : `${path} must be at least ${issue.minimum}`
    case 'too_big':
      return sizeOf(issue.origin) ? `${path} must have at most ${issue.maximum}${sizeOf(issue.origin)}` : `${path} must be at most ${issue.maximum}`
    case 'unrecognized_keys':
      return `${path} has unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
    case 'invalid_value':
      return issue.input === undefined ? `${path} is required` : `${path} must be one of ${issue.values.join(', ')}`
    case 'invalid_format':
      return `${path} is not a valid ${issue.format}`
    default:
      return `${path} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`
  }
}

/** Issues that end a value's parse: a union option with one of them did not take the value at all. */
const REFUSALS = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'invalid_key', 'invalid_element', 'unrecognized_keys'])

/**
 * A union none of whose options took the value says only "invalid input". When
 * one option took it and failed a check of its own (a text within a
 * text-or-list that is too long), that option's problems are the ones to name.
 */
function withUnionsOpened(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union') return [issue]
    const taken = issue.errors.find((option) => option.length > 0 && option.every((inner) => !REFUSALS.has(inner.code ?? '')))
    return taken ? withUnionsOpened(taken.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }))) : [issue]
  })
}

const pathKey = (issue: z.core.$ZodIssue): string => issue.path.join('\0')

/**
 * The issues worth naming. A value of the wrong type is that field's one
 * problem: zod still runs the length checks of a string or array schema on any
 * value with a length (an array where a string belongs is also "too short"),
 * which would only repeat it. An integer's safe range is left out where the
 * schema's own bound on the same side says more.
 */
function issuesToName(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const wrongType = new Set(issues.filter((issue) => issue.code === 'invalid_type').map(pathKey))
  const ownBound = new Set(issues.filter((issue) => (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin !== 'int').map((issue) => `${issue.code} ${pathKey(issue)}`))
  return issues.filter((issue) => {
    if (issue.code === 'invalid_type') return true
    if (wrongType.has(pathKey(issue))) return false
    return !((issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int' && ownBound.has(`${issue.code} ${pathKey(issue)}`))
  })
}

/**
 * Parses untrusted input with a zod schema; on failure throws a 400 whose
 * message names every offending field ("quantity is required"). `root` names
 * the input itself when it is the problem ("body is required").
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, root: string): z.output<S> {
  // The issues carry the offending value, which tells a missing field from one of the wrong type.
  const result = schema.safeParse(input, { reportInput: true })
  if (result.success) return result.data
  const messages = issuesToName(withUnionsOpened(result.error.issues))
    .slice(0, 5)
    .map((issue) => describeIssue(issue, root))
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
