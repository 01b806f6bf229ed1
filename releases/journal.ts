/**
 * The storefront server's journal of changes taken and not yet live (./runner.ts): a JSON file written whole and
 * renamed into place, so a server stopped at any moment leaves the last list or the one before, never half of one.
 * A file that cannot be read as one is set aside (renamed with `.unreadable`) and logged, and the server builds the
 * whole site once: what changed cannot be told, and a full build carries every change, the catalog's too.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { z } from 'zod/v4'
import type { BuildRequest, ChangeJournal } from './runner'

const Journal = z.array(z.object({ kind: z.enum(['content', 'catalog']), items: z.array(z.string().max(200)).max(500), complete: z.literal(false).optional() }).strict()).max(2)

export function fileJournal(file: string, log: (message: string) => void = (message) => console.error(message)): ChangeJournal {
  return {
    read(): BuildRequest[] {
      if (!existsSync(file)) return []
      try {
        return Journal.parse(JSON.parse(readFileSync(file, 'utf8')))
      } catch (error) {
        renameSync(file, `${file}.unreadable`)
        log(`the journal of changes waiting (${file}) could not be read and was set aside, building the whole site: ${error instanceof Error ? error.message : String(error)}`)
        return [{ kind: 'catalog', items: [], complete: false }]
      }
    },
    write(requests) {
      writeFileSync(`${file}.tmp`, JSON.stringify(requests))
      renameSync(`${file}.tmp`, file)
    },
  }
}
