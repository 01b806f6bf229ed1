import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { assertNoSecretsIn, filesHoldingSecrets } from './secrets'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'secrets-'))
  mkdirSync(path.join(dir, 'page-data', 'cane'), { recursive: true })
  writeFileSync(path.join(dir, 'index.html'), '<html>Negozio</html>')
  writeFileSync(path.join(dir, 'app-123.js'), 'var a="vtexappkey-shop-ABC";')
  writeFileSync(path.join(dir, 'page-data', 'cane', 'page-data.json'), '{"token":"TOKEN-xyz-987"}')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('secrets in the public build', () => {
  it('names each file and the variable it holds, in nested folders too', () => {
    expect(filesHoldingSecrets(dir, { VTEX_APP_KEY: 'vtexappkey-shop-ABC', VTEX_APP_TOKEN: 'TOKEN-xyz-987' }).sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'app-123.js', secrets: ['VTEX_APP_KEY'] },
      { file: path.join('page-data', 'cane', 'page-data.json'), secrets: ['VTEX_APP_TOKEN'] },
    ])
  })

  it('fails naming the file and variable but never the value', () => {
    expect(() => assertNoSecretsIn(dir, { VTEX_APP_TOKEN: ' TOKEN-xyz-987 ' })).toThrow(/page-data.json \(VTEX_APP_TOKEN\)/)
    try {
      assertNoSecretsIn(dir, { VTEX_APP_TOKEN: 'TOKEN-xyz-987' })
    } catch (error) {
      expect((error as Error).message).not.toContain('TOKEN-xyz-987')
    }
  })

  it('passes a build without them, and an environment that sets none', () => {
    expect(() => assertNoSecretsIn(dir, { VTEX_APP_KEY: 'vtexappkey-other', VTEX_APP_TOKEN: 'OTHER' })).not.toThrow()
    expect(() => assertNoSecretsIn(dir, {})).not.toThrow()
    expect(filesHoldingSecrets(dir, { VTEX_APP_KEY: '' })).toEqual([])
  })
})
