import { sanitizePhrase } from './sanitize'

/** Payloads from the usual XSS cheat sheets; none may keep anything executable. */
const payloads: [string, string][] = [
  ['script tag', '<script>alert(1)</script>Spedizione gratuita'],
  ['script with src', '<script src="https://evil.example/x.js"></script>'],
  ['img onerror', '<img src=x onerror="alert(1)">'],
  ['event handler on an allowed tag', '<strong onclick="alert(1)" onmouseover=alert(2)>Saldi</strong>'],
  ['javascript: URL', '<a href="javascript:alert(1)">Offerte</a>'],
  ['javascript: URL with entities and case', '<a href="&#106;ava&#x73;cript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a>'],
  ['javascript: URL split by a tab', '<a href="jav\tascript:alert(1)">x</a>'],
  ['data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['vbscript: URL', '<a href="vbscript:msgbox(1)">x</a>'],
  ['svg onload', '<svg onload="alert(1)"><circle r="5"/></svg>'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['style expression', '<span style="width: expression(alert(1))">x</span>'],
  ['style url()', '<span style="background-image: url(javascript:alert(1))">x</span>'],
  ['style tag', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf">'],
  ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['unclosed tag trick', '<img src=x onerror=alert(1)//'],
  ['nested script split', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['comment break-out', '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ['math/mglyph mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['formaction on button', '<button formaction="javascript:alert(1)">x</button>'],
]

const executable = /<script|<iframe|<svg|<img|<object|<embed|<form|<meta|<base|<style|<math|\son\w+\s*=|javascript:|vbscript:|data:|expression\(|url\(/i

describe('sanitizePhrase', () => {
  it.each(payloads)('removes anything executable: %s', (_name, payload) => {
    expect(sanitizePhrase(payload)).not.toMatch(executable)
  })

  it('keeps the text around a removed script', () => {
    expect(sanitizePhrase('<script>alert(1)</script>Spedizione gratuita')).toBe('Spedizione gratuita')
  })

  it('keeps the inline markup editors use', () => {
    const phrase = 'Spedizione <strong>gratuita</strong> sopra i 49 € <a href="/cane">Scopri</a><br /><em>solo oggi</em>'
    expect(sanitizePhrase(phrase)).toBe(phrase)
  })

  it('keeps a hex colour on a span and drops any other style', () => {
    expect(sanitizePhrase('<span style="color:#E31C58;position:fixed">-20%</span>')).toBe('<span style="color:#E31C58">-20%</span>')
  })

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(sanitizePhrase('<a href="https://example.it" target="_blank">x</a>')).toBe(
      '<a href="https://example.it" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('strips the href of a javascript: link but keeps its text', () => {
    expect(sanitizePhrase('<a href="javascript:alert(1)">Offerte</a>')).toBe('<a>Offerte</a>')
  })
})
