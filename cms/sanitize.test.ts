import { sanitizerPayloads } from '../tests/shared/xssCorpus'
import { sanitizePhrase } from './sanitize'

/** Payloads from the usual XSS cheat sheets (the shared corpus, tests/shared/xssCorpus.ts); none may keep anything executable. */
const payloads = sanitizerPayloads

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
