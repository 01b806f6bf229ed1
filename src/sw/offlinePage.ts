/**
 * The page the service worker answers for a navigation while offline to a
 * page this device never kept. Written at build time into the worker: plain
 * HTML with its styles inline and no script (its policy allows none), so it
 * needs nothing from the network. "Riprova" loads the same address again.
 */
import { offlineTexts } from '../config/texts/offline'
import { theme } from '../config/theme'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function offlinePageHtml(): string {
  const t = offlineTexts
  const c = theme.colors
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} | Zampa</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:${theme.font.family};color:${c.ink};background:${c.surfaceAlt};line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:48px 20px;text-align:center}
.logo{font-size:${theme.font.size.logo};font-weight:700;color:${c.brand};letter-spacing:.5px}
h1{font-size:${theme.font.size.xl};margin:24px 0 8px}
p{font-size:${theme.font.size.md};color:${c.inkSoft};margin:0 0 32px}
.actions{display:flex;flex-direction:column;gap:12px;align-items:center}
a{display:inline-block;min-width:220px;padding:12px 20px;border-radius:6px;font-weight:700;text-decoration:none}
a.primary{background:${c.brand};color:${c.inverse}}
a.secondary{color:${c.ink};border:1px solid ${c.lineStrong};background:${c.surface}}
a:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
</style>
</head>
<body data-page-type="offline">
<main data-testid="offline-page">
<div class="logo" aria-hidden="true">Zampa</div>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.body)}</p>
<div class="actions">
<a class="primary" href="" data-testid="offline-retry">${escapeHtml(t.retry)}</a>
<a class="secondary" href="/">${escapeHtml(t.home)}</a>
</div>
</main>
</body>
</html>
`
}
