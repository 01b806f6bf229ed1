/** The CSS rules styled-components wrote for an element's own classes (media queries included), for tests that check a style. */
export function rulesOf(element: Element): string {
  const css = Array.from(document.querySelectorAll('style'))
    .map((style) => style.textContent ?? '')
    .join('')
  return Array.from(element.classList)
    .flatMap((name) => css.match(new RegExp(`\\.${name}[^{]*\\{[^}]*\\}`, 'g')) ?? [])
    .join('\n')
}
