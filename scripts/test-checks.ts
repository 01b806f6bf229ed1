/**
 * `npm run test:checks`: the type check and the lint at once, one on each core, each one's output printed
 * whole when it ends (so the two never interleave). Fails when either does.
 */
import { spawn } from 'node:child_process'

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      process.stdout.write(`> ${script}: ${code === 0 ? 'clean' : `failed (${code})`}\n${Buffer.concat(output).toString()}`)
      resolve(code ?? 1)
    })
  })
}

void Promise.all([run('typecheck'), run('lint')]).then((codes) => process.exit(codes.find((code) => code !== 0) ?? 0))
