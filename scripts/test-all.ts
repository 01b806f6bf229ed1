/**
 * `npm test`: every suite, stopping at the first that fails, each one's time printed as it ends.
 *
 * The order lets the later suites reuse what the earlier ones built: the cluster and fault suites serve the
 * journeys' build (E2E_REUSE_BUILD=1), so they run before the publish journeys rebuild the project's folder.
 * The VTEX storefront builds and serves in a folder and on ports of its own, and the editing screen's journeys
 * run on a server of their own, so those two run beside the cluster and fault suites: each of these alone
 * leaves a quarter of the machine idle (one worker, waits on processes). Their output is printed whole when
 * each ends, so the two sides never interleave. The publish journeys, which rebuild the project's folder, end.
 */
import { spawn } from 'node:child_process'

interface Suite {
  /** The npm script, or with `args` the command. */
  script: string
  args?: string[]
  env?: NodeJS.ProcessEnv
}

/** Runs a suite; with `quiet`, keeps its output and prints it when it ends. */
function run({ script, args, env }: Suite, quiet = false): Promise<number> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(args ? script : 'npm', args ?? ['run', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(output).toString())
      process.stdout.write(`\n${[script, ...(args ?? [])].join(' ')}: ${code === 0 ? 'passed' : `failed (${code})`} in ${Math.round((Date.now() - started) / 1000)} s\n\n`)
      resolve(code ?? 1)
    })
  })
}

/** The suites one after another, until one fails. */
async function inTurn(suites: Suite[], quiet = false): Promise<number> {
  for (const suite of suites) {
    const code = await run(suite, quiet)
    if (code !== 0) return code
  }
  return 0
}

const reuseBuild = { E2E_REUSE_BUILD: '1' }
/** The editing screen's own journeys (the first half of `npm run test:editor`): a server and ports of their own. */
const editingScreen: Suite = { script: 'npx', args: ['playwright', 'test', '-c', 'playwright.editor.config.ts'] }

async function main(): Promise<number> {
  const started = Date.now()
  const first = await inTurn([{ script: 'test:checks' }, { script: 'test:unit' }, { script: 'test:fuzz' }, { script: 'test:pg' }, { script: 'test:e2e' }])
  if (first !== 0) return first
  const [served, vtex] = await Promise.all([
    inTurn([
      { script: 'test:cluster' },
      { script: 'test:faults', env: reuseBuild },
    ]),
    inTurn([{ script: 'test:vtex' }, editingScreen], true),
  ])
  const code = served || vtex || (await inTurn([{ script: 'test:publish' }]))
  console.log(`npm test: ${code === 0 ? 'passed' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s`)
  return code
}

void main().then((code) => process.exit(code))
