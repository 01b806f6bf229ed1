/**
 * The build's guard that no server-side secret reached the browser: every
 * file of public/ is served to anyone, so a secret variable's value found in
 * one (inlined by a `GATSBY_`-prefixed copy, a page query, a page's data)
 * fails the build. Only the file is named, never the value.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The variables read only by the Functions and the build (docs/vtex.md). */
export const SECRET_VARIABLES = ['VTEX_APP_KEY', 'VTEX_APP_TOKEN', 'PLATFORM_PROXY_SECRET'] as const

/** Files under `dir` (relative to it) holding any of `secrets`, each with the names of the secrets it holds. */
export function filesHoldingSecrets(dir: string, secrets: Record<string, string>): { file: string; secrets: string[] }[] {
  const needles = Object.entries(secrets).filter(([, value]) => value.length > 0).map(([name, value]) => [name, Buffer.from(value)] as const)
  if (needles.length === 0) return []
  const found: { file: string; secrets: string[] }[] = []
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const content = readFileSync(file)
    const held = needles.filter(([, needle]) => content.includes(needle)).map(([name]) => name)
    if (held.length) found.push({ file: path.relative(dir, file), secrets: held })
  }
  return found
}

/** Throws, naming the files and variables (never the values), when public/ holds a secret the environment sets. */
export function assertNoSecretsIn(publicDir: string, env: NodeJS.ProcessEnv): void {
  const secrets = Object.fromEntries(SECRET_VARIABLES.flatMap((name) => (env[name]?.trim() ? [[name, env[name].trim()]] : [])))
  const found = filesHoldingSecrets(publicDir, secrets)
  if (found.length) {
    throw new Error(`the build put server-side secrets in public files, which anyone can read: ${found.map((f) => `${f.file} (${f.secrets.join(', ')})`).join('; ')}`)
  }
}
