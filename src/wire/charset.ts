/**
 * The one charset a Function's body may be declared in. The production server
 * refuses any other before a Function runs (serve/app.ts), and every Function
 * refuses it too (src/handlers/guard.ts), so `gatsby develop` answers alike;
 * both read the header here, so the two cannot disagree on what they accept.
 */

/** Why the charset a Content-Type declares is refused, or null for UTF-8 or none declared. */
export function charsetProblem(contentType: string): string | null {
  const charset = declaredCharset(contentType)
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return null
  return `charset ${charset} is not accepted, send utf-8`
}

/** The first `charset` parameter of a Content-Type, in lower case and unquoted; spaces around `=` are tolerated. */
function declaredCharset(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const equals = parameter.indexOf('=')
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue
    return parameter.slice(equals + 1).trim().replace(/"/g, '').toLowerCase()
  }
  return undefined
}
