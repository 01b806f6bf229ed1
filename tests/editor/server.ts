/**
 * The editing screen for its browser journeys: a throwaway git copy of cms/
 * (so the repository's content and history stay untouched), one editor, and
 * the pages this content links to standing in for a build's page list.
 */
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { writeEditor } from '../../editor/auth'
import { buildEditorServer } from '../../editor/server'
import { contentRepository, linkedPaths } from '../support/contentRepo'
import { EDITOR_EMAIL, EDITOR_NAME, EDITOR_PASSWORD, editorPort } from './env'

async function main(): Promise<void> {
  const root = contentRepository()
  const editorsFile = path.join(os.tmpdir(), `editors-${process.pid}.json`)
  await writeEditor(editorsFile, { name: EDITOR_NAME, email: EDITOR_EMAIL }, EDITOR_PASSWORD)
  const pages = linkedPaths()
  const app = await buildEditorServer({ repository: { root, sitePaths: () => pages }, editorsFile })
  await app.listen({ host: '127.0.0.1', port: editorPort })
  console.log(`editing screen on ${editorPort}, content in ${root}`)
  const stop = () => {
    rmSync(root, { recursive: true, force: true })
    rmSync(editorsFile, { force: true })
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
