/**
 * The platform's own check of everything a request carries (path, query and
 * body), before any route reads it: PostgreSQL text cannot hold NUL, and a
 * lone UTF-16 surrogate has no UTF-8 form, so either would fail in the
 * database as a 500. Deep nesting is refused too. The storefront checks the
 * same at its Functions (src/handlers/input.ts); the platform stands in for an
 * external system and trusts no caller, so it keeps its own copy.
 */
const MAX_DEPTH = 16
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const flaw = (text: string): string | null =>
  CONTROL.test(text) ? 'a control character' : LONE_SURROGATE.test(text) ? 'an unpaired surrogate' : null

/** What is wrong with `value` and where, or null. */
export function requestValueProblem(value: unknown, where: string): string | null {
  const stack: [unknown, string, number][] = [[value, where, 0]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, at, depth] = next
    if (typeof current === 'string') {
      const found = flaw(current)
      if (found) return `${at} holds ${found}`
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_DEPTH) return `${at} is nested deeper than ${MAX_DEPTH} levels`
      for (const [key, child] of Object.entries(current)) {
        const found = flaw(key)
        if (found) return `a key of ${at} holds ${found}`
        stack.push([child, `${at}.${key}`, depth + 1])
      }
    }
  }
  return null
}
