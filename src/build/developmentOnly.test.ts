import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DEVELOPMENT_ONLY, NO_BROWSER_PLUGIN } from './developmentOnly'

const partytown = path.resolve('node_modules', 'gatsby', 'dist', 'internal-plugins', 'partytown', 'gatsby-browser.js')

describe('browser modules that act in gatsby develop only', () => {
  it('replaces Gatsby’s Partytown browser plugin, as the browser runner requires it', () => {
    // .cache/api-runner-browser-plugins.js requires each plugin by a path relative to .cache/
    const request = `../${path.relative(process.cwd(), partytown).split(path.sep).join('/')}`
    expect(DEVELOPMENT_ONLY.some((pattern) => pattern.test(request))).toBe(true)
    expect(DEVELOPMENT_ONLY.some((pattern) => pattern.test('../node_modules/gatsby-plugin-styled-components/gatsby-browser.js'))).toBe(false)
    expect(DEVELOPMENT_ONLY.some((pattern) => pattern.test('../gatsby-browser.tsx'))).toBe(false)
  })

  it('leaves out only code that returns at once in production (checked against the installed Gatsby)', () => {
    const source = readFileSync(partytown, 'utf8')
    // Its one API: if a Gatsby release makes it act in production too, the replacement must go.
    expect(new Set([...source.matchAll(/^exports\.(\w+) = /gm)].map((m) => m[1]))).toEqual(new Set(['__esModule', 'onInitialClientRender']))
    expect(source).toMatch(/const onInitialClientRender = \(\) => \{\s*if \(process\.env\.NODE_ENV !== `development`\) \{\s*return;\s*\}/)
  })

  it('stands them in by a module that exports no API', async () => {
    expect(existsSync(NO_BROWSER_PLUGIN)).toBe(true)
    expect(Object.keys(await import(NO_BROWSER_PLUGIN))).toEqual([])
  })
})
