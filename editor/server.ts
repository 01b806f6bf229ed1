/**
 * The editing screen's own server: apart from the storefront's, on loopback
 * unless configured, so nothing of it reaches shoppers' pages or bundles
 * (req EDIT-01, EDIT-02). Every address but the login answers 401 without an
 * editor's session; every write refuses a request another site started.
 * Sessions are kept in a file beside the editors' file (sessions.ts,
 * req EDIT-16), so they end when the editor logs out or ends them, and with
 * a new password.
 */
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { mkdirSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { capConnectionsPerClient, DEFAULT_HTTP_LIMITS, readHttpLimits, serverTimeouts, type HttpLimits } from '../http/limits'
import { isForeignRequest, originOf } from '../http/origin'
import { jsonSchemaOf } from '../cms/load'
import { cmsRegistry, type CmsName } from '../cms/registry'
import { authenticate, LoginThrottle, readEditors, type EditorAccount } from './auth'
import { EditorSessions, SESSION_COOKIE, SESSION_SECONDS, sessionsFileOf, type SessionRecord } from './sessions'
import { commitFile, history, LABELS, readContent, save, validate, versionAt, type Editor, type ContentRepository } from './content'
import { bundleOf, PREVIEW_CSP, registerPreview } from './previewServer'
import { checkPicture, pictureName, PICTURE_MAX_BYTES } from './pictures'
import { readBuild, requestBuild, type SiteBuilds } from './builds'

export interface EditorServerOptions {
  repository: ContentRepository
  /** The editors' file, read on each request so an added, changed or removed editor needs no restart. */
  editorsFile: string
  /** Minutes without a request after which a session ends (EDITOR_IDLE_MINUTES, 30 by default). */
  idleMinutes?: number
  /** The clock sessions and the login's limit are timed by. */
  now?: () => number
  /**
   * The proxies whose X-Forwarded-For names the client (EDITOR_TRUST_PROXY: addresses or CIDR ranges), so the
   * login's limit counts each editor's address and not the proxy's, which every editor would share.
   */
  trustProxy?: string[]
  /** Whether the session cookie is sent over https only (behind a TLS proxy). */
  secureCookie?: boolean
  /** Time-outs and the cap on each client address's connections (EDITOR_*, editorHttpLimits); those defaults when absent. */
  limits?: HttpLimits
  /** The storefront server that rebuilds after each publish (STOREFRONT_URL and BUILD_HOOK_TOKEN); none: publishing only commits. */
  builds?: SiteBuilds
}

/**
 * The editing screen's limits: the shared ones, with a minute for a whole request, since a content file of up
 * to 2 MB may come over an editor's slow connection. Behind a proxy every connection comes from the proxy, so
 * there is no cap per address unless EDITOR_MAX_CONNECTIONS_PER_CLIENT sets one.
 */
export function editorHttpLimits(env: NodeJS.ProcessEnv, proxied: boolean): HttpLimits {
  return readHttpLimits(env, 'EDITOR', { ...DEFAULT_HTTP_LIMITS, requestTimeoutMs: 60_000, maxConnectionsPerClient: proxied ? 0 : DEFAULT_HTTP_LIMITS.maxConnectionsPerClient })
}

const isName = (name: string): name is CmsName => Object.hasOwn(cmsRegistry, name)

/** The browser code, bundled once per process: React and the forms, nothing of the storefront's bundles. */
export const editorBundle = (): Promise<string> => bundleOf(path.join(__dirname, 'client', 'main.tsx'))

const page = (title: string, body: string) => `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><link rel="stylesheet" href="/editor.css"></head>
<body>${body}</body></html>`

const loginPage = (problem = '') =>
  page(
    'Accesso editor',
    `<main class="login"><h1>Modifica dei contenuti</h1>
<form method="post" action="/login">${problem ? `<p role="alert" class="error">${problem}</p>` : ''}
<label>E-mail<input name="email" type="email" autocomplete="username" required></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Accedi</button></form></main>`,
  )

export async function buildEditorServer(options: EditorServerOptions): Promise<FastifyInstance> {
  const limits = options.limits ?? editorHttpLimits({}, Boolean(options.trustProxy?.length))
  const app = Fastify({
    logger: false,
    bodyLimit: 2 * 1024 * 1024,
    // A slow or silent client is cut, as on the storefront and the platform (http/limits.ts).
    ...serverTimeouts(limits),
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
  })
  capConnectionsPerClient(app.server, limits.maxConnectionsPerClient)
  const now = options.now ?? Date.now
  const sessions = new EditorSessions(sessionsFileOf(options.editorsFile), { idleMinutes: options.idleMinutes, now })
  const throttle = new LoginThrottle()
  const editors = (): EditorAccount[] => readEditors(options.editorsFile)
  await app.register(cookie)
  await app.register(formbody)
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body))

  app.addHook('onSend', async (request, reply) => {
    // Only the preview's page may be framed, and only by the screen itself.
    const framed = request.routeOptions.url === '/preview'
    reply.header('cache-control', 'no-store')
    reply.header('x-frame-options', framed ? 'SAMEORIGIN' : 'DENY')
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'same-origin')
    reply.header('content-security-policy', framed ? PREVIEW_CSP : "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
  })

  /**
   * A write must come from this screen's own page (req EDIT-02): a browser names the page's origin on every
   * write, and it must be this screen's, scheme and all, by the rule every server of the shop refuses
   * cross-site writes by (http/origin.ts). Behind the TLS proxy that secure cookies need, the page is https.
   */
  const ownScheme = options.secureCookie ? 'https' : 'http'
  const sameSite = (request: FastifyRequest): boolean =>
    request.headers.origin !== undefined && !isForeignRequest(request.headers, originOf(`${ownScheme}://${request.headers.host ?? ''}`), [])

  /** The session each request was let in with, resolved once before its handler. */
  const signedIn = new WeakMap<FastifyRequest, { editor: Editor; session: SessionRecord }>()
  const editorOf = (request: FastifyRequest): Editor | null => signedIn.get(request)?.editor ?? null
  /** What the screen asks by itself, every second while it is open: not the editor's activity, so not kept alive by it. */
  const PASSIVE = new Set(['/api/build'])

  /** Each editor's last publish, whose rebuild the screen follows until it is live. */
  const lastTicket = new Map<string, number>()
  /** After a publish that changed a file: asks the storefront to rebuild, and adds what it answered to the publish's answer. */
  const rebuild = async <T extends object>(request: FastifyRequest, name: CmsName, result: T): Promise<T & { build?: { ticket: number } | { problem: string } }> => {
    if (!options.builds) return result
    const build = await requestBuild(options.builds, [`cms/${cmsRegistry[name].file}`])
    if ('ticket' in build) lastTicket.set(editorOf(request)!.email, build.ticket)
    return { ...result, build }
  }

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url
    const write = request.method !== 'GET' && request.method !== 'HEAD'
    if (write && !sameSite(request)) return reply.code(403).send({ error: 'cross_site', message: 'richiesta rifiutata: non proviene da questa pagina' })
    // Logging out needs no live session: one that has already ended still has its cookie cleared.
    if (route === '/login' || route === '/logout' || route === '/editor.css') return
    const found = sessions.resolve(request.cookies[SESSION_COOKIE], editors(), !PASSIVE.has(route ?? ''))
    if (!found) {
      if (route === '/' && request.method === 'GET') return reply.code(401).type('text/html').send(loginPage())
      return reply.code(401).send({ error: 'unauthenticated', message: 'accesso richiesto' })
    }
    signedIn.set(request, found)
  })

  app.get('/login', async (_request, reply) => reply.type('text/html').send(loginPage()))
  app.post('/login', async (request, reply) => {
    const { email = '', password = '' } = (request.body ?? {}) as { email?: string; password?: string }
    // Taken before the password's slow hash and given back only when it is right: attempts sent together are
    // each counted before any of them is checked.
    const attempt = throttle.take(request.ip, now())
    if ('retryAfterMs' in attempt) {
      const minutes = Math.ceil(attempt.retryAfterMs / 60_000)
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)))
        .type('text/html')
        .send(loginPage(`Troppi tentativi di accesso da questa connessione: riprova tra ${minutes === 1 ? 'un minuto' : `${minutes} minuti`}.`))
    }
    const account = await authenticate(editors(), String(email), String(password))
    if (!account) return reply.code(401).type('text/html').send(loginPage('E-mail o password non corrette.'))
    throttle.giveBack(request.ip, attempt.taken)
    const token = sessions.open(account, String(request.headers['user-agent'] ?? ''))
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: options.secureCookie ?? false, maxAge: SESSION_SECONDS })
    return reply.redirect('/', 303)
  })
  app.post('/logout', async (request, reply) => {
    sessions.end(request.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return reply.redirect('/login', 303)
  })

  app.get('/', async (_request, reply) =>
    reply.type('text/html').send(page('Modifica dei contenuti', '<div id="editor"><p>Caricamento…</p></div><script src="/editor.js" defer></script>')),
  )
  app.get('/editor.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(await editorBundle()))
  registerPreview(app, options.repository)
  app.get('/editor.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(EDITOR_CSS))

  app.get('/api/session', async (request) => ({ editor: editorOf(request) }))
  /** The logged-in editor's own sessions: when each was opened and last used, from which browser, and which is this one. */
  app.get('/api/sessions', async (request) => {
    const { editor, session } = signedIn.get(request)!
    const owner = editors().find((e) => e.email === editor.email)
    return { sessions: owner ? sessions.list(owner, session.id) : [] }
  })
  /** Ends one of the editor's own sessions; another editor's id is as unknown as one that never was. */
  app.delete('/api/sessions/:id', async (request, reply) => {
    const { editor, session } = signedIn.get(request)!
    const { id } = request.params as { id: string }
    if (!sessions.endById(editor.email, id)) return reply.code(404).send({ error: 'not_found', message: 'sessione non trovata' })
    if (id === session.id) reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return { ended: id, current: id === session.id }
  })
  app.get('/api/content', async () => ({
    types: (Object.keys(cmsRegistry) as CmsName[]).map((name) => ({ name, file: cmsRegistry[name].file, label: LABELS[name] })),
  }))
  app.get('/api/pages', async () => ({ pages: [...options.repository.sitePaths()].sort() }))

  const named = (request: FastifyRequest, reply: FastifyReply): CmsName | null => {
    const { name } = request.params as { name: string }
    if (isName(name)) return name
    void reply.code(404).send({ error: 'not_found', message: `nessun contenuto "${name}"` })
    return null
  }

  app.get('/api/content/:name', async (request, reply) => {
    const name = named(request, reply)
    if (!name) return reply
    return { ...readContent(options.repository, name), schema: jsonSchemaOf(name), label: LABELS[name], file: cmsRegistry[name].file }
  })
  app.post('/api/validate/:name', async (request, reply) => {
    const name = named(request, reply)
    if (!name) return reply
    return { problems: validate(options.repository, name, (request.body as { data?: unknown })?.data) }
  })
  app.put('/api/content/:name', async (request, reply) => {
    const name = named(request, reply)
    if (!name) return reply
    const { data, version } = (request.body ?? {}) as { data?: unknown; version?: string }
    const result = await save(options.repository, name, data, String(version ?? ''), editorOf(request)!)
    if (result.ok) return rebuild(request, name, result)
    return reply.code(result.status).send(result)
  })
  app.get('/api/history/:name', async (request, reply) => {
    const name = named(request, reply)
    if (!name) return reply
    return { history: await history(options.repository, name) }
  })
  app.get('/api/content/:name/at/:commit', async (request, reply) => {
    const name = named(request, reply)
    if (!name) return reply
    const { commit } = request.params as { commit: string }
    try {
      return { data: await versionAt(options.repository, name, commit) }
    } catch {
      return reply.code(404).send({ error: 'not_found', message: 'versione non trovata' })
    }
  })
  app.post('/api/content/:name/restore', async (request, reply) => {
    const name = named(request, reply)
    if (!name) return reply
    const { commit = '', version = '' } = (request.body ?? {}) as { commit?: string; version?: string }
    let data: unknown
    try {
      data = await versionAt(options.repository, name, commit)
    } catch {
      return reply.code(404).send({ error: 'not_found', message: 'versione non trovata' })
    }
    const editor = editorOf(request)!
    const result = await save(options.repository, name, data, version, editor, `Contenuti: ${cmsRegistry[name].file} ripristinato alla versione ${commit.slice(0, 7)} da ${editor.name}`)
    if (result.ok) return rebuild(request, name, result)
    return reply.code(result.status).send(result)
  })

  app.get('/api/build', async (request) => (options.builds ? readBuild(options.builds, lastTicket.get(editorOf(request)!.email)) : { configured: false }))

  app.post('/api/pictures', async (request, reply) => {
    const { name = '' } = request.query as { name?: string }
    const body = request.body
    if (!Buffer.isBuffer(body)) return reply.code(415).send({ error: 'unsupported', message: 'si caricano solo immagini JPEG, PNG, WebP o AVIF' })
    const problem = checkPicture(body, request.headers['content-type'] ?? '')
    if (problem) return reply.code(problem.status).send({ error: 'picture', message: problem.message })
    const file = pictureName(String(name), body)
    const dir = path.join(options.repository.root, 'static', 'cms')
    mkdirSync(dir, { recursive: true })
    const target = path.join(dir, file)
    if (!existsSync(target)) {
      writeFileSync(target, body)
      await commitFile(options.repository, [path.relative(options.repository.root, target)], editorOf(request)!, `Contenuti: immagine ${file} caricata`)
    }
    return { path: `/cms/${file}` }
  })

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500
    const message = status === 413 ? `l’immagine supera ${PICTURE_MAX_BYTES / 1024 / 1024} MB` : status >= 500 ? 'errore del server' : (error as Error).message
    if (status >= 500) console.error(error)
    return reply.code(status).send({ error: 'failed', message })
  })
  return app
}

const EDITOR_CSS = `
*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#1a1a1a;background:#f6f6f6}
.login{max-width:360px;margin:10vh auto;background:#fff;padding:24px;border-radius:8px}
label{display:block;margin:8px 0}input,select,textarea{display:block;width:100%;padding:6px;font:inherit;border:1px solid #767676;border-radius:4px}
input[type=checkbox]{display:inline;width:auto;margin-right:6px}
button{font:inherit;padding:6px 12px;border:1px solid #1a1a1a;background:#fff;border-radius:4px;cursor:pointer}
button.primary{background:#b0003a;color:#fff;border-color:#b0003a}
.error,[role=alert]{color:#a00020}
.layout{display:grid;grid-template-columns:200px minmax(0,1fr) minmax(0,1.25fr);gap:16px;padding:16px}
nav ul{list-style:none;padding:0}nav a{display:block;padding:6px;color:#1a1a1a}nav a[aria-current]{font-weight:700;background:#fff}
fieldset{border:1px solid #ccc;border-radius:6px;margin:8px 0;padding:8px;background:#fff}
legend{font-weight:600}.desc{font-size:13px;color:#555;margin:2px 0}
.item{border-left:3px solid #b0003a;padding-left:8px;margin:8px 0}.actions button{margin:2px;font-size:13px;padding:2px 6px}
.field-error{color:#a00020;font-size:13px}.problems{background:#fff0f3;padding:8px;border-radius:6px}
.status{background:#eef7ee;padding:8px;border-radius:6px}.status:empty{display:none}
@media (max-width:1023px){.layout{grid-template-columns:minmax(0,1fr)}nav ul{display:flex;flex-wrap:wrap;gap:4px}}
.row{display:flex;gap:6px;align-items:center}.row input[type=color]{width:48px;padding:0}
.preview-box{overflow:hidden;max-width:100%;border:1px solid #767676;background:#fff;margin-top:8px}
.preview-box iframe{display:block;border:0;transform-origin:0 0}
button[aria-pressed=true]{background:#1a1a1a;color:#fff}
.sessions{margin:8px 0;font-size:13px}.sessions ul{display:block;margin:4px 0}.sessions li{margin:6px 0}
@media (min-width:1024px){.side{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto}}
`
