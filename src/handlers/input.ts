/**
 * A Function's input: the body read as JSON, every part refused when it holds
 * what no Function accepts, then parsed with the Function's zod schema. Bad
 * input answers 400 naming the problem and never reaches the platform.
 */
import { config, locales } from 'zod/v4/mini'
import { badRequest } from '../commerce/errors'
import { describeIssues, type Schema } from '../wire/schema'

// zod's mini build leaves messages to a locale; the Functions answer in English, naming the problem.
config(locales.en())

/** The body as JSON: a string is parsed here, an absent body is an empty object. */
export function readJsonBody(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return {}
  if (typeof body !== 'string') {
    if (Buffer.isBuffer(body)) return readJsonBody(body.toString('utf8'))
    return body
  }
  try {
    return JSON.parse(body)
  } catch (error) {
    throw badRequest(`malformed JSON body: ${(error as Error).message}`)
  }
}

export function parse<T>(schema: Schema<T>, value: unknown, where: 'params' | 'query' | 'body' | 'variables'): T {
  const problem = inputProblem(value)
  if (problem) throw badRequest(`invalid ${where}: ${problem}`)
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw badRequest(`invalid ${where}: ${describeIssues(parsed.error.issues)}`)
  return parsed.data
}

/*
 * What no Function accepts anywhere in its input, whatever its schema says:
 * nesting deeper than MAX_INPUT_DEPTH (an echoed field 5,000 levels deep
 * overflowed the stack), control characters (PostgreSQL text cannot hold NUL,
 * and no field of any call needs the others, req INPUT-02) and lone UTF-16 surrogates
 * (they have no UTF-8 form, so the database refuses them too). Tab, line feed
 * and carriage return are text and pass.
 */

export const MAX_INPUT_DEPTH = 16

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function textProblem(text: string): string | null {
  if (CONTROL.test(text)) return 'holds a control character'
  if (LONE_SURROGATE.test(text)) return 'holds an unpaired surrogate (not valid Unicode)'
  return null
}

/** Why `value` is refused, naming where (`newItem.itemOffered.sku`), or null when it is acceptable. */
export function inputProblem(value: unknown): string | null {
  // Walked with a stack of its own, so a hostile depth cannot overflow ours.
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }]
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!
    const where = path || 'the input'
    if (typeof current === 'string') {
      const problem = textProblem(current)
      if (problem) return `${where} ${problem}`
      continue
    }
    if (current === null || typeof current !== 'object') continue
    if (depth >= MAX_INPUT_DEPTH) return `${where} is nested deeper than ${MAX_INPUT_DEPTH} levels`
    for (const [key, child] of Object.entries(current)) {
      const problem = textProblem(key)
      if (problem) return `a key of ${where} ${problem}`
      pending.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 })
    }
  }
  return null
}
