/**
 * styled-components' server-rendered style element, read: what the frame fast path patches (./frame.ts) and what
 * the catalog fast path compares (./catalog.ts).
 *
 * Its groups are numbered (`data-styled.g12`) in the order a rendering process first met each component, across
 * every page that process rendered before, so one page's element differs from build to build, and from a render
 * of the page alone, in its numbers and order only. The browser reads the names from the markers, not the numbers.
 */

/** styled-components' separator of rules in its server-rendered style element. */
export const SPLITTER = '/*!sc*/\n'
export const STYLE = /<style data-styled="[^"]*" data-styled-version="([^"]+)">([\s\S]*?)<\/style>/

/** One component's rules, followed by the marker that tells styled-components in the browser which names they are. */
export interface StyleGroup {
  id: string
  rules: string[]
  marker: string
}

/** The groups of a styled-components style text (`rule/*!sc*\/\n…data-styled.gN[id="…"]{content:"…"}/*!sc*\/\n`). */
export function styleGroups(css: string): StyleGroup[] {
  const groups: StyleGroup[] = []
  let rules: string[] = []
  for (const part of css.split(SPLITTER)) {
    if (!part) continue
    const marker = /^data-styled\.g\d+\[id="([^"]+)"\]/.exec(part)
    if (marker) {
      groups.push({ id: marker[1]!, rules, marker: part })
      rules = []
    } else rules.push(part)
  }
  return groups
}


/**
 * The page in a form that does not depend on what its renderer rendered before, nor on who stitched its slices:
 * the style element's groups sorted, their numbers dropped, and the comments around Gatsby's slices (the build
 * writes them, the deferred pages' engines do not) left out. Two renders of the same page compare equal in it.
 */
export function comparableHtml(html: string): string {
  return html.replace(/<!-- slice-(?:start|end) id="[^"]+" -->/g, '').replace(STYLE, (_, version: string, css: string) => {
    const groups = styleGroups(css)
      .map((group) => `${group.rules.join(SPLITTER)}${SPLITTER}${group.marker.replace(/^data-styled\.g\d+/, 'data-styled.g')}`)
      .sort()
    return `<style data-styled-version="${version}">${groups.join(SPLITTER)}</style>`
  })
}
