import { fieldValue, injectedBeyond, markupOf } from './markup'

describe('markupOf', () => {
  it('finds handlers and script URLs wherever the parser puts them, and active elements by kind', () => {
    const markup = markupOf(
      '<p>ciao</p><img src=x onerror=alert(1)><svg><animate onbegin="alert(2)"/></svg><a href=" javascript:alert(3)">x</a>' +
        '<iframe srcdoc="x"></iframe><object data="data:text/html,x"></object><meta http-equiv="Refresh" content="0;url=/"><template><b onclick="x()"></b></template><script>1</script>',
    )
    expect(markup.handlers).toEqual([
      '<img onerror="alert(1)">',
      '<animate onbegin="alert(2)">',
      '<a href=" javascript:alert(3)">',
      '<object data="data:text/html,x">',
      '<b onclick="x()">',
    ])
    expect(markup.active).toEqual({ iframe: 1, object: 1, 'meta refresh': 1, script: 1 })
  })

  it('finds nothing in escaped text, as a browser would build no element of it', () => {
    const markup = markupOf('<p>&lt;img src=x onerror=alert(1)&gt;</p><input value="&quot;><script>alert(1)</script>"><textarea><script>alert(1)</script></textarea>')
    expect(markup).toEqual({ handlers: [], active: {} })
  })

  it('parses as browsers do, not as the markup looks: an unclosed attribute swallows what follows', () => {
    expect(markupOf('<input value="x><img src=x onerror=alert(1)>">').handlers).toEqual([])
    expect(markupOf('<input value=x><img src=x onerror=alert(1)>">').handlers).toEqual(['<img onerror="alert(1)">'])
  })
})

describe('fieldValue', () => {
  it('reads a field as the browser fills it, entities decoded', () => {
    expect(fieldValue('<form><input name="email" value="&quot;&gt;&lt;b&gt;"><input name="other"></form>', 'email')).toBe('"><b>')
    expect(fieldValue('<input name="other">', 'other')).toBe('')
    expect(fieldValue('<p>nothing</p>', 'email')).toBeNull()
  })
})

describe('injectedBeyond', () => {
  it('counts only what the page holds beyond its harmless twin, and every handler; a page with fewer scripts adds none', () => {
    const baseline = markupOf('<script>1</script><script>2</script>')
    expect(injectedBeyond(markupOf('<script>1</script><script>2</script><script>3</script><iframe></iframe><b onclick="x()"></b>'), baseline)).toEqual({
      handlers: ['<b onclick="x()">'],
      added: { script: 1, iframe: 1 },
    })
    expect(injectedBeyond(markupOf('<script>1</script>'), baseline)).toEqual({ handlers: [], added: {} })
  })
})
