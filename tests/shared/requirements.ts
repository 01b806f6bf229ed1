/**
 * Reads the pages of docs/requirements/ and the requirement ids the code
 * cites. Pure functions of text, so the checks in requirements.test.ts run on
 * the real files and on small in-memory samples alike.
 *
 * A requirement row is `| ID | rule | proved by |`. The id is an area prefix
 * and two digits; "proved by" names test files in backticks, each optionally
 * followed by the name of one of its tests in double quotes (`\"` inside a
 * name is a quote). Code cites a requirement as `req` and the id, several ids
 * separated by commas.
 */

export interface Proof {
  file: string
  /** Test (or describe) names that must appear in the file. */
  names: string[]
}

export interface Requirement {
  id: string
  line: number
  rule: string
  proofs: Proof[]
}

export interface ParsedRequirements {
  requirements: Requirement[]
  /** What is wrong with the document, one sentence each, with its line. */
  problems: string[]
}

export const ID_PATTERN = /^[A-Z]+-\d{2}$/
const TEST_FILE = /\.(test|spec)\.(ts|tsx)$/
const HEADER = /^\|\s*id\s*\|/i
const SEPARATOR = /^\|(\s*:?-{3,}:?\s*\|)+\s*$/
/** A backticked path or a double-quoted name, in the order they come. */
const PROOF_TOKEN = /`([^`]+)`|"((?:[^"\\]|\\.)*)"/g

function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
}

/** The test files and names a "proved by" cell gives, or a problem with it. */
export function parseProofs(cell: string): { proofs: Proof[]; problem: string | null } {
  const proofs: Proof[] = []
  for (const match of cell.matchAll(PROOF_TOKEN)) {
    const [, file, name] = match
    if (file !== undefined) {
      if (!TEST_FILE.test(file)) return { proofs, problem: `\`${file}\` is not a test file` }
      proofs.push({ file, names: [] })
    } else {
      const last = proofs[proofs.length - 1]
      if (!last) return { proofs, problem: `the test name "${name}" comes before any test file` }
      last.names.push(name!.replace(/\\"/g, '"'))
    }
  }
  return { proofs, problem: proofs.length === 0 ? 'names no test file' : null }
}

export function parseRequirements(markdown: string): ParsedRequirements {
  const requirements: Requirement[] = []
  const problems: string[] = []
  const firstLine = new Map<string, number>()
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1
    if (!text.trimStart().startsWith('|') || HEADER.test(text.trim()) || SEPARATOR.test(text.trim())) return
    const cells = cellsOf(text)
    if (cells.length !== 3) {
      problems.push(`line ${line}: a requirement row has three cells (id, rule, proved by), this one has ${cells.length}`)
      return
    }
    const [id, rule, provedBy] = cells as [string, string, string]
    if (!ID_PATTERN.test(id)) problems.push(`line ${line}: "${id}" is not an id (an area in capitals, a dash, two digits)`)
    const seen = firstLine.get(id)
    if (seen !== undefined) problems.push(`line ${line}: ${id} is already listed on line ${seen}`)
    else firstLine.set(id, line)
    if (!rule) problems.push(`line ${line}: ${id} states no rule`)
    const { proofs, problem } = parseProofs(provedBy)
    if (problem) problems.push(`line ${line}: ${id} ${problem}`)
    requirements.push({ id, line, rule, proofs })
  })
  return { requirements, problems }
}

export interface PagedRequirement extends Requirement {
  /** The page that lists it. */
  page: string
}

/**
 * Every page's requirements, with the problems of each page named by its path
 * and line, and an id listed on two pages named as a problem of the later one.
 */
export function parseRequirementPages(pages: { path: string; text: string }[]): {
  requirements: PagedRequirement[]
  problems: string[]
} {
  const requirements: PagedRequirement[] = []
  const problems: string[] = []
  const listedAt = new Map<string, { page: string; line: number }>()
  for (const { path, text } of pages) {
    const parsed = parseRequirements(text)
    problems.push(...parsed.problems.map((problem) => `${path} ${problem}`))
    for (const requirement of parsed.requirements) {
      requirements.push({ ...requirement, page: path })
      const first = listedAt.get(requirement.id)
      if (first === undefined) listedAt.set(requirement.id, { page: path, line: requirement.line })
      else if (first.page !== path) {
        problems.push(`${path} line ${requirement.line}: ${requirement.id} is already listed in ${first.page} on line ${first.line}`)
      }
    }
  }
  return { requirements, problems }
}

/**
 * The titles of a test file's tests and groups: the first string argument of
 * `it`, `test` and `describe` (with `.each(…)`, `.only`, `.skip`, `.describe`,
 * `.serial` and the like between), string escapes undone.
 */
export function testTitles(source: string): string[] {
  const call = /\b(?:it|test|describe)(?:\s*\.\s*(?:each\s*\((?:[^()]|\([^()]*\))*\)|[a-z]+))*\s*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g
  return [...source.matchAll(call)].map((match) => (match[2] ?? '').replace(/\\(.)/g, '$1'))
}

/** Whether a test file has a test or group whose title holds `name`. */
export function mentions(source: string, name: string): boolean {
  return testTitles(source).some((title) => title.includes(name))
}

export interface Citation {
  id: string
  path: string
  line: number
}

const CITATION = /\breq ([A-Z]+-\d{2}(?:,\s*[A-Z]+-\d{2})*)/g

/** Every requirement id `text` cites, with where. */
export function citationsIn(path: string, text: string): Citation[] {
  const found: Citation[] = []
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(CITATION)) {
      for (const id of match[1]!.split(/,\s*/)) found.push({ id, path, line: index + 1 })
    }
  })
  return found
}

/** The citations of ids the document does not list. */
export function unknownCitations(files: { path: string; text: string }[], known: ReadonlySet<string>): Citation[] {
  return files.flatMap(({ path, text }) => citationsIn(path, text)).filter((citation) => !known.has(citation.id))
}

/** Citations of the product specification's numbered sections, which the requirement ids replace. */
const SECTION_CITATION = new RegExp('\\bspec \\u00a7', 'i')

export function sectionCitations(files: { path: string; text: string }[]): { path: string; line: number; text: string }[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((content, index) => (SECTION_CITATION.test(content) ? [{ path, line: index + 1, text: content.trim() }] : [])),
  )
}
