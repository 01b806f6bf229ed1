/**
 * `npm run editor:user -- "Nome Cognome" email@example.com`: adds an editor
 * (or changes an editor's password), reading the password from EDITOR_PASSWORD
 * or from standard input, never from the command line where `ps` shows it.
 */
import path from 'node:path'
import { writeEditor } from './auth'

async function main(): Promise<void> {
  const [name, email] = process.argv.slice(2)
  if (!name || !email) throw new Error('usage: npm run editor:user -- "Nome Cognome" email@example.com')
  let password = process.env.EDITOR_PASSWORD ?? ''
  if (!password) {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    password = Buffer.concat(chunks).toString('utf8').trim()
  }
  const file = path.resolve(process.env.EDITOR_USERS_FILE ?? '.data/editors.json')
  await writeEditor(file, { name, email }, password)
  console.info(`editor ${email} saved in ${file}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
