/**
 * The preview's side of the editing screen's server: the frame's page, with
 * every content file as published, and its bundle, the storefront's own
 * components built with `gatsby` replaced by the draft's stand-in. Both sit
 * behind the screen's login like every other address; nothing here is part of
 * the storefront's build (req EDIT-01).
 */
import { build } from 'esbuild'
import type { FastifyInstance } from 'fastify'
import { createReadStream, existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { z } from 'zod/v4'
import { cmsRegistry, type CmsName } from '../cms/registry'
import { readContent, type ContentRepository } from './content'

const bundles = new Map<string, Promise<string>>()

/**
 * One bundle per entry, built once per process (the editing screen's and the preview's); `gatsby` is swapped for
 * the preview's stand-in, and the storefront's variables read as unset, when asked.
 */
export function bundleOf(entry: string, gatsbyStandIn = false): Promise<string> {
  let bundle = bundles.get(entry)
  if (!bundle) {
    bundle = build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      jsx: 'automatic',
      // The storefront reads GATSBY_* variables, which Gatsby inlines; the preview has none of them.
      define: { 'process.env.NODE_ENV': '"production"', ...(gatsbyStandIn ? { 'process.env': '{}' } : {}) },
      alias: gatsbyStandIn ? { gatsby: path.join(__dirname, 'preview', 'gatsby.tsx') } : {},
      logLevel: 'silent',
    }).then((result) => result.outputFiles![0]!.text)
    bundles.set(entry, bundle)
  }
  return bundle
}

export const PREVIEW_ENTRY = path.join(__dirname, 'preview', 'main.tsx')
export const previewBundle = () => bundleOf(PREVIEW_ENTRY, true)

/** Bytes sent over the wire when compressed, as docs/editing-content.md reports them. */
export const gzipBytes = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length

/** JSON inside a script element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * A file's content as the build reads it: its schema's defaults filled in and
 * its HTML sanitised, so the preview shows what shoppers would get; null when
 * the schema refuses it (the form names the fields).
 */
export function asBuilt(name: CmsName, data: unknown): unknown {
  const { $schema: _drop, ...rest } = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
  const parsed = (cmsRegistry[name].schema as z.ZodType).safeParse(rest)
  return parsed.success ? parsed.data : null
}

export function previewPage(repository: ContentRepository): string {
  const published: Record<string, unknown> = {}
  for (const name of Object.keys(cmsRegistry) as CmsName[]) {
    try {
      const data = asBuilt(name, readContent(repository, name).data)
      // A file that does not read is reported by its own form; the preview shows the others.
      if (data !== null) published[name] = data
    } catch {
      // Unreadable as JSON: the same.
    }
  }
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Anteprima</title></head>
<body><div id="preview"></div><script type="application/json" id="published">${scriptJson(published)}</script>
<script src="/preview.js" defer></script></body></html>`
}

/** The preview's page may be framed by the screen itself, and nothing else; it fetches nothing. */
export const PREVIEW_CSP = "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; connect-src 'none'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'"

export function registerPreview(app: FastifyInstance, repository: ContentRepository): void {
  app.get('/preview', async (_request, reply) => reply.type('text/html').send(previewPage(repository)))
  // The draft as the build would read it, for the preview; checking links and publishing are the form's.
  app.post('/api/preview/:name', async (request, reply) => {
    const { name } = request.params as { name: string }
    if (!Object.hasOwn(cmsRegistry, name)) return reply.code(404).send({ error: 'not_found', message: `nessun contenuto "${name}"` })
    return { data: asBuilt(name as CmsName, (request.body as { data?: unknown } | undefined)?.data) }
  })
  app.get('/preview.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(await previewBundle()))
  // Pictures the content names (/cms/…), from the work tree the screen publishes to, so an upload shows at once.
  app.get('/cms/*', async (request, reply) => {
    const dir = path.join(repository.root, 'static', 'cms')
    const file = path.resolve(dir, (request.params as { '*': string })['*'])
    if (!file.startsWith(dir + path.sep) || !existsSync(file) || !statSync(file).isFile()) return reply.code(404).send({ error: 'not_found', message: 'immagine non trovata' })
    const type = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.svg': 'image/svg+xml' }[path.extname(file).toLowerCase()]
    if (!type) return reply.code(404).send({ error: 'not_found', message: 'immagine non trovata' })
    return reply.type(type).send(createReadStream(file))
  })
}
