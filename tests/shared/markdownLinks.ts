/**
 * The links of the project's Markdown and what each must point to. A link
 * that is not an absolute URL names a file of the repository (relative to
 * the page it sits in), optionally with an `#anchor` that must be one of
 * that Markdown file's headings as GitHub slugs them; a bare `#anchor` names
 * a heading of the page itself. Code (fenced blocks and `inline spans`) is
 * left alone: a path there is prose, not a link.
 */
import path from 'node:path'

export interface MarkdownLink {
  /** The target as written, e.g. `../serve/app.ts`, `serving.md#caching`, `#layers`. */
  target: string
  line: number
}

export interface BrokenLink extends MarkdownLink {
  /** The page the link sits in, relative to the repository. */
  page: string
  problem: string
}

/** The page with code blocks and code spans blanked out, so line numbers still match. */
function withoutCode(markdown: string): string {
  const blankFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
  return blankFences.replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '))
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length

/** Inline links and images `[text](target "title")`, and reference definitions `[label]: target`. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const text = withoutCode(markdown)
  const links: MarkdownLink[] = []
  const patterns = [/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g, /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm]
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      links.push({ target: (match[1] ?? '').replace(/^<|>$/g, ''), line: lineOf(text, match.index ?? 0) })
    }
  }
  return links.sort((a, b) => a.line - b.line)
}

/** An absolute URL (`https:`, `mailto:` …) is not the repository's to check. */
export const isAbsolute = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')

/**
 * GitHub's anchor for a heading: its text as rendered (a link's text, no
 * tags), lower-cased, every character but letters, digits, `_`, `-` and
 * spaces dropped (backticks and emphasis marks with the rest of the
 * punctuation), spaces turned into hyphens.
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors of a page's headings; a repeated heading gets `-1`, `-2` … as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  const fences = /^(```|~~~)/
  let inFence = false
  for (const line of markdown.split('\n')) {
    if (fences.test(line)) inFence = !inFence
    const heading = inFence ? null : /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = githubSlug(heading[1] ?? '')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

export interface Repository {
  /** Whether a file or folder exists at this path, relative to the repository. */
  exists(file: string): boolean
  /** The text of a Markdown file, relative to the repository. */
  read(file: string): string
}

/** Every link of `page` (relative to the repository) that names no file, or no heading of the file it names. */
export function brokenLinks(page: string, repository: Repository): BrokenLink[] {
  const broken: BrokenLink[] = []
  for (const link of markdownLinks(repository.read(page))) {
    if (isAbsolute(link.target)) continue
    const [rawFile = '', anchor] = link.target.split('#', 2)
    const file = rawFile ? path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(rawFile))) : page
    const report = (problem: string) => broken.push({ ...link, page, problem })
    if (file.startsWith('..') || path.posix.isAbsolute(file)) {
      report(`points outside the repository (${file})`)
    } else if (!repository.exists(file.replace(/\/$/, '') || '.')) {
      report(`${file} does not exist`)
    } else if (anchor !== undefined) {
      if (!file.endsWith('.md')) report(`#${anchor} on ${file}, which has no headings`)
      else if (!headingAnchors(repository.read(file)).has(anchor)) report(`${file} has no heading #${anchor}`)
    }
  }
  return broken
}
