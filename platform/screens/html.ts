import type { FastifyReply } from 'fastify'

/**
 * HTML building with escaping by default: every value interpolated into the
 * `html` template is escaped unless it is itself a SafeHtml built by `html`.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[]

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c)
}

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false || value === true) return ''
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new SafeHtml(out)
}

/** Euros the Italian way: "1.234,50 €". */
export function formatEuro(amount: number): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${amount < 0 ? '-' : ''}${grouped},${cents} €`
}

/** The screens' one stylesheet, inline; the CSP allows it by its hash. */
export const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#f6f6f4;line-height:1.5}
header{background:#111;color:#fff;padding:.75rem 1rem}header a{color:#fff;text-decoration:none;font-weight:700;letter-spacing:.02em}
main{max-width:56rem;margin:0 auto;padding:1.25rem 1rem 3rem}h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:1rem}
form.stack{display:grid;gap:.85rem;max-width:26rem}label{display:grid;gap:.25rem;font-weight:600;font-size:.95rem}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
input[type=email],input[type=password],input[type=text]{font:inherit;padding:.6rem .7rem;border:1px solid #bbb;border-radius:8px;width:100%}
button,.button{font:inherit;font-weight:700;background:#e31c58;color:#fff;border:0;border-radius:999px;padding:.7rem 1.4rem;cursor:pointer;text-decoration:none;display:inline-block}
button[disabled]{background:#aaa;cursor:not-allowed}.muted{color:#666;font-size:.9rem}
.error{background:#fdecef;color:#9b1035;border-radius:8px;padding:.6rem .8rem}.notice{background:#fff6dd;border-radius:8px;padding:.6rem .8rem}
.ok{background:#e7f6ec;border-radius:8px;padding:.6rem .8rem}form.confirm{margin-top:1.25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}dt{color:#666}dd{margin:0;font-weight:600}
.lines{list-style:none;margin:0;padding:0}.line{display:grid;grid-template-columns:64px 1fr auto;gap:.75rem;align-items:center;padding:.75rem 0;border-bottom:1px solid #eee}
.line img{width:64px;height:64px;border-radius:8px;background:#f0f0f0}.line .name{font-weight:600}.line .total{font-weight:700;white-space:nowrap}
.totals{display:flex;justify-content:space-between;font-size:1.2rem;font-weight:700;margin-top:1rem}.badge{display:inline-block;background:#111;color:#fff;border-radius:999px;padding:.1rem .6rem;font-size:.8rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input[type=tel]{font:inherit;padding:.6rem .7rem;border:1px solid #bbb;border-radius:8px;width:100%}
button.secondary,.button.secondary{background:#fff;color:#1d1d1f;border:1px solid #767676;font-weight:600;padding:.45rem 1rem}button.danger{background:#9b1035}
nav.sections ul{list-style:none;margin:0 0 1rem;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}nav.sections a{display:inline-block;padding:.35rem .8rem;border-radius:999px;background:#fff;border:1px solid #ccc;color:#1d1d1f;text-decoration:none;font-size:.9rem}
.orders,.addresses{list-style:none;margin:0;padding:0}.order,.address{border-top:1px solid #eee;padding:.9rem 0}.order-head,.order-foot{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem}
.order-lines{margin:.4rem 0;padding-left:1.1rem}.actions{display:flex;flex-wrap:wrap;gap:.5rem}.actions form{margin:0}.badge.plain{background:#eee;color:#1d1d1f}.ok-badge{background:#1d6b3a}
.address p{margin:.25rem 0}section[id]{scroll-margin-top:1rem}.outcome{margin-bottom:1rem}.nowrap{white-space:nowrap}dd{min-width:0;overflow-wrap:anywhere}
@media (max-width:480px){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin-bottom:.5rem}.line{grid-template-columns:48px 1fr}.line img{width:48px;height:48px}.line .total{grid-column:2}}
`

/** A full page in the shop's simple layout. */
export function layout(title: string, body: SafeHtml): string {
  return `<!doctype html>${html`<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Zampa Amica</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<header><a href="/account">Zampa Amica</a></header>
<main>${body}</main>
</body>
</html>`.value}`
}

/** Sends a page; pages show personal data, so nothing is cached. */
export function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page)
}
