/**
 * Reads and checks every content file at build time. A file that is missing,
 * is not JSON, breaks its schema, or links to a site path the build does not
 * create stops the build with an error naming the file and the field.
 */
import { readFileSync } from 'fs'
import path from 'path'
import { z } from 'zod/v4'
import { cmsRegistry, type CmsData, type CmsName } from './registry'

export const CMS_DIR = path.resolve(__dirname)

export class CmsError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`cms/${file}${field ? ` at "${field}"` : ''}: ${problem}`)
    this.name = 'CmsError'
  }
}

export type CmsContent = { [N in CmsName]: CmsData<N> }

/** Formats a zod issue path as the editor sees it: links[2].url */
export function fieldPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s)}`))
    .join('')
}

/**
 * What an editor is told about a zod issue. Content that fits none of a
 * union's shapes (a menu item that is neither a branch nor a link) gets the
 * error of the shape it came closest to: the one whose error lies deepest in
 * the content, then the one with fewer errors, then the later one.
 */
export function reportedIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, message: issue.message }
  const options = issue.errors.map((issues) => issues.map(reportedIssue))
  const depth = (option: { path: PropertyKey[] }[]) => Math.max(...option.map((i) => i.path.length))
  const closest = options.reduce((best, option) => {
    const [d, b] = [depth(option), depth(best)]
    return d > b || (d === b && option.length <= best.length) ? option : best
  })
  const first = closest[0]!
  return { path: [...issue.path, ...first.path], message: first.message }
}

type Reader = (file: string) => string

const readFromDisk =
  (dir: string): Reader =>
  (file) =>
    readFileSync(path.join(dir, file), 'utf8')

/** Parses and validates every registered file; links are checked separately by checkLinks. */
/**
 * Where the build reads the content: this folder, or CMS_CONTENT_DIR when the editing screen publishes into
 * another git work tree (its journeys publish into a throwaway copy, never into this repository's history).
 */
export const contentDir = (env: NodeJS.ProcessEnv = process.env): string => (env.CMS_CONTENT_DIR ? path.resolve(env.CMS_CONTENT_DIR) : CMS_DIR)

export function readCms(read: Reader = readFromDisk(contentDir())): CmsContent {
  const content: Partial<Record<CmsName, unknown>> = {}
  for (const [name, entry] of Object.entries(cmsRegistry) as [CmsName, (typeof cmsRegistry)[CmsName]][]) {
    let raw: string
    try {
      raw = read(entry.file)
    } catch {
      throw new CmsError(entry.file, '', 'the file is missing')
    }
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch (error) {
      throw new CmsError(entry.file, '', `not valid JSON (${(error as Error).message})`)
    }
    if (json && typeof json === 'object' && '$schema' in json) {
      const { $schema: _schema, ...rest } = json as Record<string, unknown>
      json = rest
    }
    const parsed = (entry.schema as z.ZodType).safeParse(json)
    if (!parsed.success) {
      const issue = reportedIssue(parsed.error.issues[0]!)
      throw new CmsError(entry.file, fieldPath(issue.path), issue.message)
    }
    content[name] = parsed.data
  }
  return content as CmsContent
}

/** Every site path the content itself creates (CMS pages, flyers…). */
export function cmsPages(content: CmsContent): string[] {
  const pages: string[] = []
  for (const [name, entry] of Object.entries(cmsRegistry) as [CmsName, { pages?: (d: unknown) => string[] }][]) {
    if (entry.pages) pages.push(...entry.pages(content[name]))
  }
  return pages
}

const LINK_KEY = /(url|URL|Url|link|Link|href)$/

/**
 * Walks every file and checks each site-path link field (a key ending in url,
 * URL, link or href whose value starts with "/") against the known pages.
 * Query strings and fragments are ignored; "/" always exists. A value starting
 * with "//" names another host to a browser and is no page of the site: the
 * schemas refuse it, and this check would too.
 */
export function checkLinks(content: CmsContent, exists: (sitePath: string) => boolean): void {
  for (const [name, entry] of Object.entries(cmsRegistry) as [CmsName, { file: string }][]) {
    walk(content[name], [], (key, value, at) => {
      if (!LINK_KEY.test(key) || typeof value !== 'string' || !value.startsWith('/')) return
      const sitePath = value.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1')
      if (!exists(sitePath)) throw new CmsError(entry.file, fieldPath(at), `links to "${value}", which is not a page of the site`)
    })
  }
}

function walk(value: unknown, at: PropertyKey[], visit: (key: string, value: unknown, at: PropertyKey[]) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i], visit))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, [...at, k])
      walk(v, [...at, k], visit)
    }
  }
}

/** The JSON schema written to cms/json-schema/ for one entry. */
export function jsonSchemaOf(name: CmsName): Record<string, unknown> {
  const entry = cmsRegistry[name]
  const schema = z.toJSONSchema(entry.schema as z.ZodType, { io: 'input' }) as Record<string, unknown>
  const properties = (schema.properties ?? {}) as Record<string, unknown>
  return {
    ...schema,
    title: entry.file,
    description: entry.description,
    properties: { $schema: { type: 'string' }, ...properties },
  }
}
