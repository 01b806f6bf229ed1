/**
 * `npm run editor:user -- "Nome Cognome" email@example.com`: adds an editor
 * (or changes an editor's password, which ends every session they had open),
 * reading the password from EDITOR_PASSWORD or from standard input, never from
 * the command line where `ps` shows it.
 * `npm run editor:user -- --remove email@example.com` removes an editor and
 * ends their sessions.
 */
import path from 'node:path'
import { removeEditor, writeEditor } from './auth'

async function main(): Promise<void> {
  const file = path.resolve(process.env.EDITOR_USERS_FILE ?? '.data/editors.json')
  const [first, second] = process.argv.slice(2)
  if (first === '--remove') {
    if (!second) throw new Error('usage: npm run editor:user -- --remove email@example.com')
    if (!removeEditor(file, second)) throw new Error(`no editor ${second} in ${file}`)
    console.info(`editor ${second} removed from ${file}, and their sessions ended`)
    return
  }
  const [name, email] = [first, second]
  if (!name || !email) throw new Error('usage: npm run editor:user -- "Nome Cognome" email@example.com')
  let password = process.env.EDITOR_PASSWORD ?? ''
  if (!password) {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    password = Buffer.concat(chunks).toString('utf8').trim()
  }
  await writeEditor(file, { name, email }, password)
  console.info(`editor ${email} saved in ${file}; any session they had open is ended`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
