/**
 * The one way editor HTML reaches a page. sanitize-html parses the markup and
 * keeps only an allow-list of inline tags and attributes; everything else
 * (scripts, event handlers, javascript: and data: URLs, SVG, styles other than
 * a colour) is dropped. Content files are sanitised when the build reads them,
 * so the pages carry only the cleaned markup.
 */
import sanitizeHtml from 'sanitize-html'

declare const safe: unique symbol
/** HTML that went through sanitizePhrase; only this may be set as inner HTML. */
export type SafeHtml = string & { readonly [safe]: true }

const HEX = /^#(0x)?[0-9a-f]{3,6}$/i

const options: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'em', 'i', 'u', 'span', 'br', 'small', 'sup'],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'], span: ['style'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: { span: { color: [HEX], 'background-color': [HEX], 'font-weight': [/^(400|700|bold|normal)$/] } },
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

export function sanitizePhrase(html: string): SafeHtml {
  return sanitizeHtml(html, options) as SafeHtml
}
