/**
 * The editing screen for its browser journeys: a throwaway git copy of cms/
 * (so the repository's content and history stay untouched), one editor, and
 * the pages this content links to standing in for a build's page list.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { writeEditor } from '../../editor/auth'
import { buildEditorServer } from '../../editor/server'
import { contentRepository, linkedPaths } from '../support/contentRepo'
import { EDITOR_EMAIL, EDITOR_NAME, EDITOR_PASSWORD, editorPort } from './env'

async function main(): Promise<void> {
  const root = contentRepository()
  // The editors' file and the sessions kept beside it, in a folder of their own removed at the end.
  const editorsDir = mkdtempSync(path.join(os.tmpdir(), 'editors-'))
  const editorsFile = path.join(editorsDir, 'editors.json')
  await writeEditor(editorsFile, { name: EDITOR_NAME, email: EDITOR_EMAIL }, EDITOR_PASSWORD)
  const pages = linkedPaths()
  const app = await buildEditorServer({ repository: { root, sitePaths: () => pages }, editorsFile })
  await app.listen({ host: '127.0.0.1', port: editorPort })
  console.log(`editing screen on ${editorPort}, content in ${root}`)
  const stop = () => {
    rmSync(root, { recursive: true, force: true })
    rmSync(editorsDir, { recursive: true, force: true })
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
