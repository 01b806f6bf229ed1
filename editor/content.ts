/**
 * What the editing screen does to a content file: check a candidate exactly as
 * the build does (cms/load.ts readCms and checkLinks over the build's own page
 * list), with messages in Italian naming the field; write it only when it
 * passes and nobody else changed the file meanwhile; record it in git with the
 * editor as author; list a file's history and restore an earlier version.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import sanitizeHtml from 'sanitize-html'
import { z } from 'zod/v4'
import { checkLinks, cmsPages, CmsError, fieldPath, reportedIssue, type CmsContent } from '../cms/load'
import { cmsRegistry, type CmsName } from '../cms/registry'
import { sanitizePhrase } from '../cms/sanitize'
import { replaceFile } from './files'

const git = promisify(execFile)
const italian = z.locales.it().localeError

/** The schemas' own messages, in the editors' language (zod's Italian locale covers its built-in ones). */
const TRANSLATIONS: Record<string, string> = {
  'must be a hex colour such as #E31C58': 'deve essere un colore esadecimale come #E31C58',
  'must be a date such as 2026-05-31': 'deve essere una data come 2026-05-31',
  'validFrom must not be after validTo': 'l’inizio della validità non può essere dopo la fine',
  'two flyers have the same slug': 'due volantini hanno lo stesso slug',
  'two pages have the same slug': 'due pagine hanno lo stesso slug',
  'must be lower-case words joined by hyphens, e.g. chi-siamo': 'deve essere in parole minuscole unite da trattini, per esempio chi-siamo',
  'pages starting with "volantino" are flyers: add them to flyers.json': 'le pagine che iniziano con "volantino" sono volantini: aggiungile ai volantini',
  'must be a category slug such as cane/cibo-secco': 'deve essere una categoria come cane/cibo-secco',
  'must be a brand slug such as zampa-amica': 'deve essere una marca come zampa-amica',
  'must be empty or an account section such as "#/orders"': 'deve essere vuoto o una sezione dell’account come "#/orders"',
}

export interface ContentProblem {
  file: string
  /** The field as the editor's form names it: items[0].nextLevel[1].title */
  field: string
  message: string
}

/** The text shown to the editor: the field first, then what is wrong with it. */
export const problemText = (p: ContentProblem) => `${p.file}${p.field ? `, campo "${p.field}"` : ''}: ${p.message}`

/** A formatted copy of every tag and attribute, kept as written, to compare against what the sanitiser keeps. */
const normalise = (html: string) => sanitizeHtml(html, { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true, allowedSchemes: ['http', 'https', 'mailto', 'tel', 'javascript', 'data'] })

/**
 * HTML fields are sanitised by the build, which would silently drop a script.
 * The screen refuses it instead, so what the editor sees is what shoppers get
 * (req EDIT-03).
 */
function htmlProblems(name: CmsName, data: unknown): ContentProblem[] {
  const schema = cmsRegistry[name].schema as z.ZodType
  const json = z.toJSONSchema(schema, { io: 'input' }) as JsonNode
  const problems: ContentProblem[] = []
  walkHtml(json, data, [], (at, value) => {
    if (sanitizePhrase(value) !== normalise(value))
      problems.push({ file: cmsRegistry[name].file, field: fieldPath(at), message: 'contiene markup non ammesso (sono ammessi solo b, strong, em, i, u, span con un colore, br, small, sup e link http, https, mailto, tel)' })
  })
  return problems
}

interface JsonNode {
  type?: string
  format?: string
  properties?: Record<string, JsonNode>
  items?: JsonNode
  anyOf?: JsonNode[]
}

function walkHtml(schema: JsonNode, value: unknown, at: PropertyKey[], visit: (at: PropertyKey[], html: string) => void): void {
  if (schema.format === 'html' && typeof value === 'string') return visit(at, value)
  for (const option of schema.anyOf ?? []) walkHtml(option, value, at, visit)
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => walkHtml(schema.items!, v, [...at, i], visit))
  else if (value && typeof value === 'object' && schema.properties)
    for (const [key, sub] of Object.entries(schema.properties)) walkHtml(sub, (value as Record<string, unknown>)[key], [...at, key], visit)
}

export interface ContentRepository {
  /** The folder holding cms/ and static/cms/, a git work tree. */
  root: string
  /** The site paths the last build created other than the content's own (categories, brands, products, the site's pages). */
  sitePaths: () => ReadonlySet<string>
}

export const cmsFile = (repository: ContentRepository, name: CmsName) => path.join(repository.root, 'cms', cmsRegistry[name].file)

/** The version an editor started from: a hash of the file's bytes. */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

export function readContent(repository: ContentRepository, name: CmsName): { data: unknown; version: string } {
  const text = readFileSync(cmsFile(repository, name), 'utf8')
  return { data: JSON.parse(text), version: versionOf(text) }
}

/** The bytes written for a content file: its schema reference first, two-space JSON, a final newline. */
export function serialise(name: CmsName, data: unknown): string {
  const { $schema: _drop, ...rest } = (data ?? {}) as Record<string, unknown>
  const schemaRef = `./json-schema/${cmsRegistry[name].file.replace(/\.json$/, '.schema.json')}`
  return JSON.stringify({ $schema: schemaRef, ...rest }, null, 2) + '\n'
}

/**
 * Checks one candidate file the way the build checks all of them: the schema,
 * then every site link against the build's pages plus the pages the content
 * itself creates (the candidate's, and the other files' as they are on disk).
 */
export function validate(repository: ContentRepository, name: CmsName, data: unknown): ContentProblem[] {
  const entry = cmsRegistry[name]
  const { $schema: _drop, ...rest } = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
  const parsed = (entry.schema as z.ZodType).safeParse(rest, {
    // The schemas' own messages win over this; they are translated below.
    error: (issue) => italian(issue as Parameters<typeof italian>[0]),
  })
  if (!parsed.success) {
    return parsed.error.issues.slice(0, 20).map((raw) => {
      const issue = reportedIssue(raw)
      return { file: entry.file, field: fieldPath(issue.path), message: TRANSLATIONS[issue.message] ?? issue.message }
    })
  }
  const html = htmlProblems(name, rest)
  if (html.length > 0) return html
  const content = readOthers(repository, name, parsed.data)
  const known = new Set(repository.sitePaths())
  for (const page of cmsPages(content)) known.add(page)
  try {
    checkLinks(content, (p) => known.has(p))
  } catch (error) {
    if (!(error instanceof CmsError)) throw error
    const message = error.problem.replace(/^links to "(.*)", which is not a page of the site$/, 'porta a "$1", che non è una pagina del sito')
    return [{ file: error.file, field: error.field, message }]
  }
  return []
}

/** Every file as on disk, with the candidate in place of its own; a broken other file is reported by its own screen, not this one. */
function readOthers(repository: ContentRepository, name: CmsName, candidate: unknown): CmsContent {
  const content: Record<string, unknown> = {}
  for (const other of Object.keys(cmsRegistry) as CmsName[]) {
    if (other === name) {
      content[other] = candidate
      continue
    }
    const parsed = (cmsRegistry[other].schema as z.ZodType).safeParse(readContentData(repository, other))
    content[other] = parsed.success ? parsed.data : undefined
  }
  return content as CmsContent
}

function readContentData(repository: ContentRepository, name: CmsName): unknown {
  try {
    const { $schema: _drop, ...rest } = readContent(repository, name).data as Record<string, unknown>
    return rest
  } catch {
    return undefined
  }
}

export interface Editor {
  name: string
  email: string
}

export type SaveResult =
  | { ok: true; version: string; commit: string }
  | { ok: false; status: 409; current: { data: unknown; version: string } }
  | { ok: false; status: 422; problems: ContentProblem[] }

/**
 * Publishes one file: refused with the problems before anything is written,
 * refused with the current content when the file changed since the editor
 * opened it (req EDIT-04), else written atomically and committed (req EDIT-05).
 */
export async function save(repository: ContentRepository, name: CmsName, data: unknown, baseVersion: string, editor: Editor, summary?: string): Promise<SaveResult> {
  const current = readContent(repository, name)
  if (current.version !== baseVersion) return { ok: false, status: 409, current }
  const problems = validate(repository, name, data)
  if (problems.length > 0) return { ok: false, status: 422, problems }
  const text = serialise(name, data)
  const file = cmsFile(repository, name)
  replaceFile(file, text)
  const commit = await commitFile(repository, [path.relative(repository.root, file)], editor, summary ?? `Contenuti: ${describe(name)} aggiornato da ${editor.name}`)
  return { ok: true, version: versionOf(text), commit }
}

export const describe = (name: CmsName) => `${cmsRegistry[name].file} (${LABELS[name]})`

export const LABELS: Record<CmsName, string> = {
  topHeader: 'barra superiore',
  menu: 'menu',
  accountMenu: 'menu dell’account',
  footer: 'footer',
  smartBanners: 'banner dell’app',
  home: 'home page',
  pages: 'pagine',
  flyers: 'volantini',
  servicesBooking: 'prenotazione servizi',
}

export async function commitFile(repository: ContentRepository, files: string[], editor: Editor, message: string): Promise<string> {
  await git('git', ['add', '--', ...files], { cwd: repository.root })
  // Publishing what the file already holds changes nothing and records nothing.
  const unchanged = await git('git', ['diff', '--cached', '--quiet', '--', ...files], { cwd: repository.root }).then(() => true, () => false)
  if (unchanged) return (await git('git', ['rev-parse', 'HEAD'], { cwd: repository.root })).stdout.trim()
  const author = `${editor.name.replace(/[<>\n]/g, '')} <${editor.email.replace(/[<>\n]/g, '')}>`
  await git('git', ['commit', '--quiet', '--no-verify', `--author=${author}`, '-m', message, '--', ...files], {
    cwd: repository.root,
    // The committer is the screen itself; the author is the editor who published.
    env: { ...process.env, GIT_COMMITTER_NAME: 'Editing screen', GIT_COMMITTER_EMAIL: 'editor@localhost' },
  })
  const { stdout } = await git('git', ['rev-parse', 'HEAD'], { cwd: repository.root })
  return stdout.trim()
}

export interface HistoryEntry {
  commit: string
  author: string
  date: string
  message: string
}

export async function history(repository: ContentRepository, name: CmsName, limit = 30): Promise<HistoryEntry[]> {
  const file = path.relative(repository.root, cmsFile(repository, name))
  const { stdout } = await git('git', ['log', `-n${limit}`, '--format=%H%x1f%an%x1f%aI%x1f%s', '--', file], { cwd: repository.root })
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [commit, author, date, message] = line.split('\x1f') as [string, string, string, string]
      return { commit, author, date, message }
    })
}

/** The file as an earlier commit had it; restoring publishes it through save, so it is checked and committed like any change. */
export async function versionAt(repository: ContentRepository, name: CmsName, commit: string): Promise<unknown> {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error('not a commit')
  const file = path.relative(repository.root, cmsFile(repository, name)).split(path.sep).join('/')
  const { stdout } = await git('git', ['show', `${commit}:${file}`], { cwd: repository.root, maxBuffer: 64 * 1024 * 1024 })
  return JSON.parse(stdout)
}

export const isGitRepository = (root: string) => existsSync(path.join(root, '.git'))
