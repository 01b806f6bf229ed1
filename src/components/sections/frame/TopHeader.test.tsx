import { render } from '@testing-library/react'
import { topHeaderSchema } from '../../../../cms/schema/topHeader'
import { xssCorpus } from '../../../../tests/shared/xssCorpus'
import { TopHeader } from './TopHeader'

/** What the sanitiser lets through (cms/sanitize.ts): nothing else may reach the page. */
const ALLOWED_TAGS = new Set(['A', 'B', 'STRONG', 'EM', 'I', 'U', 'SPAN', 'BR', 'SMALL', 'SUP'])
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { A: ['href', 'target', 'rel', 'title'], SPAN: ['style'] }
const ALLOWED_SCHEMES = /^(https?:|mailto:|tel:|\/(?!\/)|#|$)/i

/** The phrase as the build makes it: the content file's schema sanitises it on reading. */
function renderPhrase(payload: string) {
  const content = topHeaderSchema.parse({ links: [], promoPhrase: payload })
  const view = render(<TopHeader content={content} />)
  return view.getByTestId('promo-phrase')
}

describe('the promotional phrase (editors’ HTML) against the XSS corpus', () => {
  const alert = jest.fn()
  beforeAll(() => {
    window.alert = alert
    window.confirm = alert
    window.prompt = alert
  })
  afterEach(() => alert.mockClear())

  it.each(xssCorpus)('%s: only the allow-list reaches the page and nothing runs', (_name, payload) => {
    const phrase = renderPhrase(payload)
    for (const element of phrase.querySelectorAll('*')) {
      expect(ALLOWED_TAGS.has(element.tagName)).toBe(true)
      for (const attribute of element.getAttributeNames()) {
        expect(ALLOWED_ATTRIBUTES[element.tagName] ?? []).toContain(attribute)
      }
      const href = element.getAttribute('href')
      if (href !== null) expect(href.trim()).toMatch(ALLOWED_SCHEMES)
      const style = (element as HTMLElement).style
      for (let i = 0; i < style.length; i++) expect(['color', 'background-color', 'font-weight']).toContain(style.item(i))
      expect(element.getAttribute('style') ?? '').not.toMatch(/expression|url\(|javascript:|behavior|binding/i)
      for (const type of ['click', 'mouseover', 'focus', 'error', 'load', 'toggle', 'animationstart']) {
        element.dispatchEvent(new Event(type, { bubbles: true }))
      }
    }
    expect(alert).not.toHaveBeenCalled()
  })

  it('keeps the markup editors use', () => {
    const phrase = renderPhrase('Spedizione <strong>gratuita</strong> <a href="/cane">Scopri</a> <span style="color:#E31C58">-20%</span>')
    expect(phrase.querySelector('strong')?.textContent).toBe('gratuita')
    expect(phrase.querySelector('a')?.getAttribute('href')).toBe('/cane')
    expect(phrase.querySelector('span')?.getAttribute('style')).toBe('color:#E31C58')
  })
})
