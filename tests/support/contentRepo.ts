/**
 * A throwaway git work tree holding a copy of this project's cms/ files and
 * their pictures (static/cms/), so the editing screen's tests and journeys
 * publish, commit, restore and preview without touching the repository's own
 * content or history.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CMS_DIR, readCms } from '../../cms/load'

export function contentRepository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cms-edit-'))
  cpSync(CMS_DIR, path.join(root, 'cms'), { recursive: true, filter: (source) => !source.endsWith('.ts') })
  // The pictures the content names, so the preview shows them as the site would.
  cpSync(path.join(CMS_DIR, '..', 'static', 'cms'), path.join(root, 'static', 'cms'), { recursive: true })
  const run = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' })
  run('init', '--quiet', '--initial-branch=main')
  run('add', '-A')
  run('-c', 'user.name=Setup', '-c', 'user.email=setup@localhost', 'commit', '--quiet', '-m', 'Contenuti iniziali')
  return root
}

/** Every site path the content links to today: the pages a build of this content has, for tests without a build. */
export function linkedPaths(): Set<string> {
  const paths = new Set<string>(['/'])
  const walk = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, key))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k)
    else if (typeof value === 'string' && /(url|link|href)$/i.test(key) && value.startsWith('/') && !value.startsWith('//'))
      paths.add(value.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1'))
  }
  walk(readCms())
  return paths
}
