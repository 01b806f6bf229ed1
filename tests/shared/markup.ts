/**
 * What a page's HTML would put in a browser's DOM that could run code: read
 * with parse5, which implements the WHATWG parsing algorithm browsers follow,
 * so an escaped payload stays text here exactly as it does in Chromium. Used
 * on pages that run no script of their own echoing a shopper's input (the
 * platform's screens) and on the server's HTML of the search page, where the
 * XSS corpus would otherwise need one browser navigation per payload.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5'

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

/** Elements that load or run something whatever their attributes. */
const ACTIVE_TAGS = new Set(['script', 'iframe', 'frame', 'object', 'embed', 'base', 'applet', 'portal'])
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'background', 'poster', 'codebase'])
const SCRIPT_URL = /^\s*(javascript|data|vbscript):/i

export interface Markup {
  /** Elements carrying an event handler or a script URL, as `<tag attribute="value">`. */
  handlers: string[]
  /** How many of each active element (script, iframe, object, embed, base…) and of meta refreshes the page holds. */
  active: Record<string, number>
}

const isElement = (node: Node): node is Element => 'tagName' in node

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node
  const children = 'childNodes' in node ? node.childNodes : []
  for (const child of children) yield* elements(child)
  // A <template>'s content is a document fragment of its own, parsed as markup too.
  if (isElement(node) && node.tagName === 'template' && 'content' in node) yield* elements((node as DefaultTreeAdapterMap['template']).content)
}

/** The markup of `html` that could run code, as a browser would parse it. */
export function markupOf(html: string): Markup {
  const handlers: string[] = []
  const active: Record<string, number> = {}
  for (const element of elements(parse(html))) {
    for (const { name, value, prefix } of element.attrs) {
      const full = prefix ? `${prefix}:${name}` : name
      if (/^on/i.test(name) || (URL_ATTRIBUTES.has(full.toLowerCase()) && SCRIPT_URL.test(value))) handlers.push(`<${element.tagName} ${full}="${value}">`)
    }
    const refresh = element.tagName === 'meta' && element.attrs.some((a) => a.name === 'http-equiv' && a.value.toLowerCase() === 'refresh')
    if (ACTIVE_TAGS.has(element.tagName) || refresh) {
      const key = refresh ? 'meta refresh' : element.tagName
      active[key] = (active[key] ?? 0) + 1
    }
  }
  return { handlers, active }
}

/** The value a browser would show in the form field named `name`, or null when the page has none. */
export function fieldValue(html: string, name: string): string | null {
  for (const element of elements(parse(html))) {
    if (element.tagName === 'input' && element.attrs.some((a) => a.name === 'name' && a.value === name)) return element.attrs.find((a) => a.name === 'value')?.value ?? ''
  }
  return null
}

/**
 * What `markup` holds that could run code and that `baseline` (the same page given harmless input) does not:
 * every handler or script URL, and the active elements beyond the baseline's, by kind. A page with fewer
 * scripts than its baseline adds none.
 */
export function injectedBeyond(markup: Markup, baseline: Markup): { handlers: string[]; added: Record<string, number> } {
  const added = Object.fromEntries(
    Object.entries(markup.active)
      .map(([kind, count]) => [kind, count - (baseline.active[kind] ?? 0)] as const)
      .filter(([, extra]) => extra > 0),
  )
  return { handlers: markup.handlers, added }
}
