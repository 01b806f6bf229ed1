/**
 * The Node release the shop builds and runs on. The `node` package pins its binary, which npm puts first on
 * the PATH of every script, so `npm start` and `npm test` run on it whatever Node the machine has; `engines`
 * and `.nvmrc` must name the same major for tools that pick a Node themselves.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')
const major = (version: string): string => version.replace(/^v/, '').split('.')[0] ?? ''

describe('the Node release', () => {
  it('is 24 LTS, in package.json, .nvmrc, the pinned node package and the running process', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string }
      dependencies: Record<string, string>
    }
    expect(pkg.engines.node).toBe('>=24 <25')
    expect(readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe('24')
    // Pinned exactly, so every machine runs the same binary.
    expect(pkg.dependencies.node).toMatch(/^24\.\d+\.\d+$/)
    expect(major(process.versions.node)).toBe('24')
  })

  it('is the node an npm script finds first on its PATH', () => {
    const version = execFileSync('node', ['--version'], { cwd: root, encoding: 'utf8' }).trim()
    expect(major(version)).toBe('24')
  })
})
