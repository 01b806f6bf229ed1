import { formatEuro, html } from './html'

describe('html', () => {
  it('escapes interpolated values but not nested html', () => {
    const name = '<script>alert("x")</script>'
    const inner = html`<b>${name}</b>`
    expect(html`<p title="${"a\"b"}">${inner}${[1, ' & ', 2]}${null}</p>`.value).toBe(
      '<p title="a&quot;b"><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</b>1 &amp; 2</p>',
    )
  })
})

describe('formatEuro', () => {
  it.each([
    [12.5, '12,50 €'],
    [0, '0,00 €'],
    [1234.5, '1.234,50 €'],
    [1234567.891, '1.234.567,89 €'],
  ])('%d → %s', (amount, text) => {
    expect(formatEuro(amount)).toBe(text)
  })
})
