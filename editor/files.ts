/** How the editing screen writes its files. */
import { randomBytes } from 'node:crypto'
import { renameSync, writeFileSync } from 'node:fs'

/**
 * Replaces `file` whole, through a temporary file beside it and a rename: a reader (another request, another
 * screen process, git) sees the file before or after the change, never half of it.
 */
export function replaceFile(file: string, text: string, mode?: number): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  writeFileSync(temporary, text, mode === undefined ? undefined : { mode })
  renameSync(temporary, file)
}
