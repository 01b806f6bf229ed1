import { renderToString } from '../../testing/serverRender'
import { ServerStyleSheet } from 'styled-components'
import { PageShell } from '../shell/PageShell'
import { baseStyle } from './baseStyle'

/** The base styles as the browser reads them: each rule's selector and its declarations. */
function parsed(): Map<string, CSSStyleDeclaration> {
  const element = document.createElement('style')
  element.textContent = baseStyle
  document.head.appendChild(element)
  const rules = [...element.sheet!.cssRules] as CSSStyleRule[]
  element.remove()
  return new Map(rules.map((rule) => [rule.selectorText, rule.style]))
}

describe('baseStyle', () => {
  it('is a stylesheet every rule of which the browser keeps', () => {
    const rules = parsed()
    expect([...rules.keys()]).toEqual([
      '*,*::before,*::after',
      'html',
      'body',
      'body.no-scroll',
      'a',
      'img',
      'button',
      '[data-static],[data-island]',
      '.visually-hidden',
    ])
    expect(rules.get('body')!.margin).toBe('0')
    expect(rules.get('body')!.getPropertyValue('font-family')).toContain('Arial')
    expect(rules.get('[data-static],[data-island]')!.display).toBe('contents')
  })

  it('hides a visually-hidden element from the screen only', () => {
    const hidden = parsed().get('.visually-hidden')!
    expect(hidden.position).toBe('absolute')
    expect(hidden.getPropertyPriority('position')).toBe('important')
    expect([hidden.width, hidden.height, hidden.overflow]).toEqual(['1px', '1px', 'hidden'])
    expect(hidden.getPropertyValue('white-space')).toBe('nowrap')
  })

  it('is not a styled-components global style of the page shell, which the browser would write again at mount', () => {
    const sheet = new ServerStyleSheet()
    try {
      renderToString(sheet.collectStyles(<PageShell>page</PageShell>))
      expect(sheet.getStyleTags()).not.toMatch(/box-sizing|body\s*\{/)
    } finally {
      sheet.seal()
    }
  })
})
