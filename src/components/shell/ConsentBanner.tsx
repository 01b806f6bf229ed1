/**
 * The cookie banner (req CONSENT-02): plain HTML the server writes after the page's root, outside React, so
 * it is never hydrated and adds no JavaScript of its own. The head's consent script (src/sdk/consent)
 * shows it while no choice holds, and handles its buttons through `data-consent-action`. It is a fixed
 * overlay at the bottom that leaves the page usable behind it (no cookie wall) and moves nothing (CLS 0).
 * Closing it with the X refuses, as "Rifiuta" does; scrolling decides nothing.
 */
import { theme } from '../../config/theme'
import { COOKIE_POLICY_PATH } from '../../config/legal'
import { consentTexts } from '../../config/texts/consent'

export function ConsentBanner() {
  return (
    <section id="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title" aria-describedby="consent-body" data-testid="consent-banner">
      <div className="cb-in">
        <button type="button" className="cb-x" data-consent-action="close" aria-label={consentTexts.close} data-testid="consent-close">
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <h2 id="consent-title">{consentTexts.title}</h2>
        <p id="consent-body">
          {consentTexts.body} <a href={COOKIE_POLICY_PATH}>{consentTexts.policy}</a>
        </p>
        <details className="cb-d">
          <summary data-testid="consent-choose">{consentTexts.choose}</summary>
          <label>
            <input type="checkbox" name="analytics" data-testid="consent-analytics" /> {consentTexts.analytics}
          </label>
          <label>
            <input type="checkbox" name="marketing" data-testid="consent-marketing" /> {consentTexts.marketing}
          </label>
          <button type="button" className="cb-b" data-consent-action="save" data-testid="consent-save">
            {consentTexts.save}
          </button>
        </details>
        <div className="cb-r">
          <button type="button" className="cb-b" data-consent-action="refuse" data-testid="consent-refuse">
            {consentTexts.refuse}
          </button>
          <button type="button" className="cb-b cb-p" data-consent-action="all" data-testid="consent-accept-all">
            {consentTexts.acceptAll}
          </button>
        </div>
      </div>
      <i className="cb-end" />
    </section>
  )
}

const c = theme.colors
/**
 * Its style, inline in the head: shown only while the consent script asks (`html[data-consent=ask]`), and
 * only once the HTML parser has reached its last element (`.cb-end`). Anchored to the bottom, a banner shown
 * while its HTML was still arriving would grow upwards as its buttons came in, moving the text above them (a
 * layout shift); a browser without `:has()` shows it as it arrives.
 */
export const consentStyle = `#consent{display:none}html[data-consent=ask] #consent{display:block;position:fixed;z-index:${theme.zIndex.consent};left:0;right:0;bottom:0;max-height:80vh;overflow:auto;background:${c.surface};color:${c.ink};border-top:1px solid ${c.lineStrong};box-shadow:0 -4px 16px rgba(0,0,0,.18);font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
#consent .cb-in{position:relative;max-width:1100px;margin:0 auto;padding:16px 56px 16px 16px}#consent h2{margin:0 0 6px;font-size:18px}#consent p{margin:0 0 10px}#consent a{color:${c.brandDark};font-weight:700}
#consent .cb-x{position:absolute;top:8px;right:8px;width:44px;height:44px;border:0;background:none;color:${c.ink};cursor:pointer;border-radius:50%}
#consent .cb-d{margin:0 0 10px}#consent summary{cursor:pointer;font-weight:700;min-height:44px;display:flex;align-items:center}#consent summary::before{content:"+";width:1.25em;font-size:1.2em}#consent .cb-d[open] summary::before{content:"−"}#consent label{display:flex;gap:8px;align-items:center;min-height:44px}#consent input{flex:none;width:20px;height:20px;accent-color:${c.brand}}
#consent .cb-r{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}#consent .cb-b{min-height:44px;padding:0 20px;border:2px solid ${c.ink};border-radius:8px;background:${c.surface};color:${c.ink};font:inherit;font-weight:700;cursor:pointer}#consent .cb-p{background:${c.brandDark};border-color:${c.brandDark};color:${c.inverse}}
#consent button:focus-visible,#consent summary:focus-visible,#consent a:focus-visible,#consent input:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
@media (max-width:600px){#consent .cb-r .cb-b{flex:1 1 40%}}#consent .cb-end{display:none}
@supports selector(:has(*)){html[data-consent=ask] #consent:not(:has(>.cb-end)){display:none}}`
