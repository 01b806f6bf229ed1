/** The Node release the shop builds and runs on, pinned in two places that must agree with the one running. */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')

describe('the Node release', () => {
  it('is 20, in package.json, .nvmrc and the running process', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    expect(pkg.engines.node).toBe('>=20 <21')
    expect(readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe('20')
    expect(process.versions.node.split('.')[0]).toBe('20')
  })
})
