import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import vm from 'node:vm'
import type { PGlite as PGliteClass } from '@electric-sql/pglite'
import type { Db, Queryable, SqlParam } from './types'

type PGliteModule = { PGlite: typeof PGliteClass }

/** Whether code evaluated here may use Node's dynamic `import()`. */
async function dynamicImportWorks(): Promise<boolean> {
  try {
    const probe = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>
    await probe('node:path')
    return true
  } catch {
    return false
  }
}

/**
 * PGlite's Emscripten loader calls Node's dynamic `import()`. Runners that
 * evaluate modules inside a vm sandbox (jest) reject that call from a promise
 * nobody awaits, so the failure cannot be caught afterwards. There the library
 * is loaded through Node's main-context loader instead, where it runs as it
 * would in a plain process.
 */
async function loadPglite(): Promise<PGliteModule> {
  if (await dynamicImportWorks()) return (await import('@electric-sql/pglite')) as PGliteModule
  const nativeImport = new vm.Script('(specifier) => import(specifier)', {
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }).runInThisContext() as (specifier: string) => Promise<PGliteModule>
  return nativeImport(pathToFileURL(require.resolve('@electric-sql/pglite')).href)
}

function wrap(target: Pick<PGliteClass, 'query' | 'exec'>): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params])
      return result.rows
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql)
    },
  }
}

/**
 * Opens (creating when missing) a PGlite database. `dataDir` is a folder, or
 * `memory://` for a throw-away database. PGlite serves one connection, so its
 * own mutex serialises statements and transactions.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite } = await loadPglite()
  // PGlite creates only the last folder of the path; the parents (.data/) may not exist yet.
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const pg = await PGlite.create(dataDir)
  const base = wrap(pg)
  return {
    ...base,
    description: dataDir.startsWith('memory://') ? 'pglite:memory' : `pglite:${path.relative(process.cwd(), dataDir) || '.'}`,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}
