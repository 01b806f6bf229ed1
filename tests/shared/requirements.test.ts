/**
 * The requirements (docs/requirements.md and the area pages of
 * docs/requirements/) against the repository: every page is well-formed, each
 * id is listed once across them all, every test they name exists with the
 * named test in it, every requirement id the code cites is listed, and no code
 * still cites the product specification's numbered sections instead.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { mentions, parseRequirementPages, parseRequirements, sectionCitations, unknownCitations } from './requirements'

const root = path.resolve(__dirname, '../..')
const INDEX = 'docs/requirements.md'
const FOLDER = 'docs/requirements'
const CODE = /\.(ts|tsx|mts|mjs|js)$/

const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The area pages of the requirements, each with its text. */
function areaPages(): { path: string; text: string }[] {
  return readdirSync(path.join(root, FOLDER))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.posix.join(FOLDER, name))
    .map((file) => ({ path: file, text: read(file) }))
}

/** The repository's code files, as git tracks them. */
function codeFiles(): { path: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0')
  return listed
    .filter((file) => CODE.test(file) && !file.split('/').includes('node_modules') && existsSync(path.join(root, file)))
    .map((file) => ({ path: file, text: read(file) }))
}

/** How a code file cites requirements, written so this file's own source cites none. */
const cite = (ids: string) => ['req', ids].join(' ')
const sectionSign = String.fromCharCode(0xa7)

describe('the parser and the citation scanner', () => {
  const document = [
    '| id | rule | proved by |',
    '| --- | --- | --- |',
    '| CART-01 | A rule. | `src/domain/cart.test.ts` "joins sku, seller and price" |',
    '| CART-02 | Another rule. | `src/domain/cart.test.ts`; `tests/e2e/cart.spec.ts` "a \\"quoted\\" name" |',
    '| cart-3 | A malformed id. | `src/domain/cart.test.ts` |',
    '| CART-04 | No test. | nothing yet |',
    '| CART-01 | Listed twice. | `src/domain/cart.test.ts` |',
    '| CART-05 | Too many cells. | `src/domain/cart.test.ts` | extra |',
    '| CART-06 | Not a test file. | `src/domain/cart.ts` |',
  ].join('\n')

  it('reads ids, rules, test files and test names, and names each malformed row with its line', () => {
    const { requirements, problems } = parseRequirements(document)
    expect(requirements.slice(0, 2)).toEqual([
      { id: 'CART-01', line: 3, rule: 'A rule.', proofs: [{ file: 'src/domain/cart.test.ts', names: ['joins sku, seller and price'] }] },
      {
        id: 'CART-02',
        line: 4,
        rule: 'Another rule.',
        proofs: [
          { file: 'src/domain/cart.test.ts', names: [] },
          { file: 'tests/e2e/cart.spec.ts', names: ['a "quoted" name'] },
        ],
      },
    ])
    expect(problems).toEqual([
      'line 5: "cart-3" is not an id (an area in capitals, a dash, two digits)',
      'line 6: CART-04 names no test file',
      'line 7: CART-01 is already listed on line 3',
      'line 8: a requirement row has three cells (id, rule, proved by), this one has 4',
      'line 9: CART-06 `src/domain/cart.ts` is not a test file',
    ])
  })

  it('names an id listed on two pages, with both pages and lines', () => {
    const pages = [
      { path: 'docs/requirements/cart.md', text: document },
      { path: 'docs/requirements/search.md', text: '# Search\n\n| id | rule | proved by |\n| --- | --- | --- |\n| CART-02 | Again. | `src/a.test.ts` |' },
    ]
    const { requirements, problems } = parseRequirementPages(pages)
    expect(requirements.map(({ id, page }) => `${page} ${id}`).slice(-1)).toEqual(['docs/requirements/search.md CART-02'])
    expect(problems).toContain('docs/requirements/cart.md line 7: CART-01 is already listed on line 3')
    expect(problems).toContain('docs/requirements/search.md line 5: CART-02 is already listed in docs/requirements/cart.md on line 4')
    expect(problems.filter((problem) => problem.includes('is already listed'))).toHaveLength(2)
  })

  it('finds a test name as written or with its string escapes undone', () => {
    expect(mentions("it('keeps the owner\\'s items', () => {})", "keeps the owner's items")).toBe(true)
    expect(mentions("it('keeps the items', () => {})", "keeps the owner's items")).toBe(false)
    expect(mentions("import { readCms } from './load'\nit('reads the content', () => readCms())", 'readCms')).toBe(false)
    expect(mentions("test.describe('panels', () => { test.each([1])('opens %s', () => {}) })", 'opens %s')).toBe(true)
    expect(mentions("describe(`cart ${name}`, () => {})", 'cart')).toBe(true)
  })

  it('names each cited id the document lacks, with its file and line', () => {
    const known = new Set(['CART-01', 'CART-02'])
    const files = [
      { path: 'src/a.ts', text: `/** Totals (${cite('CART-01')}). */\nconst a = 1` },
      { path: 'src/b.ts', text: `// first line\n// ${cite('CART-02, CART-09')} and ${cite('PICKUP-03')}` },
    ]
    expect(unknownCitations(files, known)).toEqual([
      { id: 'CART-09', path: 'src/b.ts', line: 2 },
      { id: 'PICKUP-03', path: 'src/b.ts', line: 2 },
    ])
  })

  it('finds the citations of numbered specification sections, whatever their case', () => {
    const files = [
      { path: 'src/a.ts', text: `/** The cart (spec ${sectionSign}4). */` },
      { path: 'src/b.ts', text: `// Spec ${sectionSign}2: the base path\n// the spec, loosely` },
    ]
    expect(sectionCitations(files).map(({ path: file, line }) => `${file}:${line}`)).toEqual(['src/a.ts:1', 'src/b.ts:1'])
  })
})

describe(FOLDER, () => {
  const pages = areaPages()
  const { requirements, problems } = parseRequirementPages(pages)
  const known = new Set(requirements.map((r) => r.id))

  it('lists well-formed ids, unique across its pages, each with a rule and at least one test file', () => {
    expect(pages.length).toBeGreaterThan(0)
    expect(parseRequirements(read(INDEX)).requirements.map(({ id }) => `${INDEX} lists ${id}, which belongs in an area page`)).toEqual([])
    expect(pages.filter(({ path: page }) => !requirements.some((r) => r.page === page)).map(({ path: page }) => `${page} lists no requirement`)).toEqual([])
    expect(problems).toEqual([])
  })

  it('names only test files that exist, holding the tests it names', () => {
    const missing: string[] = []
    for (const { id, page, proofs } of requirements) {
      for (const { file, names } of proofs) {
        if (!existsSync(path.join(root, file))) {
          missing.push(`${id} (${page}): ${file} does not exist`)
          continue
        }
        const source = read(file)
        for (const name of names) if (!mentions(source, name)) missing.push(`${id} (${page}): ${file} has no test "${name}"`)
      }
    }
    expect(missing).toEqual([])
  })

  it('lists every requirement id the code and the requirements pages themselves cite', () => {
    const files = [...codeFiles(), { path: INDEX, text: read(INDEX) }, ...pages]
    const unknown = unknownCitations(files, known).map(({ id, path: file, line }) => `${id} (${file}:${line})`)
    expect(unknown).toEqual([])
  })
})

describe('citations of the specification', () => {
  it('are all requirement ids now: no code cites a numbered section of the specification', () => {
    const left = sectionCitations(codeFiles())
    const byFile = new Map<string, string[]>()
    for (const { path: file, line, text } of left) byFile.set(file, [...(byFile.get(file) ?? []), `  ${line}: ${text}`])
    const report = [...byFile].map(([file, lines]) => `${file}\n${lines.join('\n')}`)
    if (report.length > 0) {
      console.warn(`${byFile.size} files still cite numbered sections of the specification; cite requirement ids (${INDEX}) instead:\n\n${report.join('\n\n')}`)
    }
    expect([...byFile.keys()]).toEqual([])
  })
})
