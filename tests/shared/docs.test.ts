/**
 * The README is the front door and docs/ the guides behind it: every link in
 * them names a file of the repository and, with an #anchor, a heading of that
 * file, and the README stays short enough to read in a few minutes. A guide
 * split into a folder (docs/requirements/) is reached through the page of the
 * same name beside it (docs/requirements.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brokenLinks, githubSlug, headingAnchors, markdownLinks, type Repository } from './markdownLinks'

const root = path.resolve(__dirname, '../..')
const README_MAX_LINES = 200

const onDisk: Repository = {
  exists: (file) => existsSync(path.join(root, file)),
  read: (file) => readFileSync(path.join(root, file), 'utf8'),
}

function markdownUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name)
    if (entry.isDirectory()) return markdownUnder(file)
    return entry.name.endsWith('.md') ? [file] : []
  })
}

const pages = ['README.md', 'platform/README.md', ...markdownUnder('docs')]

/** The page that must link `page`: the README for a page of docs/, the folder's own page for one below. */
function indexOf(page: string): string {
  const folder = path.posix.dirname(page)
  return folder === 'docs' ? 'README.md' : `${folder}.md`
}

/** The files `page` links to, relative to the repository. */
function linkedFrom(page: string): Set<string> {
  return new Set(
    markdownLinks(onDisk.read(page))
      .map((link) => link.target.split('#')[0] ?? '')
      .filter((target) => target !== '')
      .map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(target)))),
  )
}

/**
 * The repository paths a page names in inline code (`src/wire/routes.ts`, `releases/`), and in its code
 * blocks' folder listings: a token with a folder and a name, or a folder ending in a slash (a bare file
 * name is said in the sentence of its folder). Placeholders
 * (`<name>`), globs, addresses and URL paths are not paths of the repository.
 */
export function namedPaths(markdown: string): string[] {
  const inline = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!)
  const listed = [...markdown.matchAll(/^([a-z.][\w.-]*\/(?:[\w.-]+\/?)*)\s/gm)].map((match) => match[1]!)
  const isPath = (token: string) =>
    /^[a-z.][\w.-]*(\/[\w.[\]-]+)*\/?$/i.test(token) && token.includes('/') && !token.startsWith('/')
  return [...new Set([...inline, ...listed].filter(isPath))]
}

describe('the documentation', () => {
  it.each(pages)('%s: every link names a file, and every anchor a heading', (page) => {
    expect(brokenLinks(page, onDisk).map((link) => `${page}:${link.line} ${link.target}: ${link.problem}`)).toEqual([])
  })

  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    expect(onDisk.read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('every file and folder the README names in code exists, so its how-tos lead somewhere', () => {
    expect(namedPaths(onDisk.read('README.md')).filter((named) => !onDisk.exists(named))).toEqual([])
  })

  it('every page of docs/ is linked from the README, and every page of a folder below from the page of its name', () => {
    const unlinked = markdownUnder('docs').flatMap((page) => {
      const index = indexOf(page)
      return onDisk.exists(index) && linkedFrom(index).has(page) ? [] : [`${page} is not linked from ${index}`]
    })
    expect(unlinked).toEqual([])
  })
})

describe('link and anchor checking', () => {
  const sample: Record<string, string> = {
    'README.md': [
      '# Shop',
      'Start with [the guide](docs/guide.md), then [its setup](docs/guide.md#setting-up-the-shop).',
      'A [missing page](docs/missing.md) and [a missing heading](docs/guide.md#deploying).',
      '[Home](https://example.com) and [mail](mailto:team@example.com) are not ours to check.',
      '`[not a link](nowhere.md)`',
      '```',
      '[not a link either](nowhere.md)',
      '```',
      '[ref]: docs/guide.md#the-api',
    ].join('\n'),
    'docs/guide.md': ['# Guide', '## Setting up *the* shop', '## The `API`', 'Back to the [README](../README.md#shop).'].join('\n'),
  }
  const inMemory: Repository = {
    exists: (file) => file in sample || file === 'docs',
    read: (file) => sample[file] ?? '',
  }

  it('finds inline links and reference definitions, outside code', () => {
    expect(markdownLinks(sample['README.md'] ?? '').map((link) => link.target)).toEqual([
      'docs/guide.md',
      'docs/guide.md#setting-up-the-shop',
      'docs/missing.md',
      'docs/guide.md#deploying',
      'https://example.com',
      'mailto:team@example.com',
      'docs/guide.md#the-api',
    ])
  })

  it('takes the paths a page names in code, and nothing else', () => {
    const page = 'Edit `src/wire/routes.ts` and `src/api/<name>.ts`, call `/api/cart`, see `http://x/y`.\n```\nreleases/   builds\n```\n'
    expect(namedPaths(page)).toEqual(['src/wire/routes.ts', 'releases/'])
  })

  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Server load: `npm run bench:load`')).toBe('server-load-npm-run-benchload')
    expect(githubSlug("The shopper's identity")).toBe('the-shoppers-identity')
    expect(githubSlug('Guest carts: bound to their browser, claimed at login')).toBe('guest-carts-bound-to-their-browser-claimed-at-login')
    expect(headingAnchors('# A\n## A\n```\n# not a heading\n```\n## A')).toEqual(new Set(['a', 'a-1', 'a-2']))
  })

  it('reports the missing file and the missing heading, and nothing else', () => {
    expect(brokenLinks('README.md', inMemory).map(({ target, line, problem }) => ({ target, line, problem }))).toEqual([
      { target: 'docs/missing.md', line: 3, problem: 'docs/missing.md does not exist' },
      { target: 'docs/guide.md#deploying', line: 3, problem: 'docs/guide.md has no heading #deploying' },
    ])
    expect(brokenLinks('docs/guide.md', inMemory)).toEqual([])
  })
})
