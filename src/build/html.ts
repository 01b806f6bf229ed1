/**
 * React 18's streaming renderer, which Gatsby renders every page with,
 * flushes its whole 2,048-byte buffer when a multi-byte character does not
 * fit at its end, so a page can carry stray NUL bytes (facebook/react#24985;
 * the fix, #26228, is only in React 19). NUL is never valid in HTML: the Nu
 * checker stops at it and some crawlers end the document there. UTF-8 never
 * uses a 0x00 byte inside a character, so dropping every one is safe.
 */
export function withoutNul(html: Buffer): Buffer {
  return html.includes(0) ? Buffer.from(html.filter((byte) => byte !== 0)) : html
}
