/**
 * The import rules of eslint.config.mjs, proved on one wrong and one right
 * import per layer. ESLint runs in a child Node process, because its flat
 * config is an ES module that jest's CommonJS runtime cannot load.
 */
import { execFileSync } from 'node:child_process'

interface Sample {
  file: string
  code: string
}

function lint(samples: Sample[]): string[][] {
  const script = `
    import { ESLint } from 'eslint'
    const samples = JSON.parse(process.argv[1])
    const eslint = new ESLint()
    const out = []
    for (const { file, code } of samples) {
      const [result] = await eslint.lintText(code, { filePath: file })
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message))
    }
    console.log(JSON.stringify(out))
  `
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(samples)], { encoding: 'utf8' })
  return JSON.parse(stdout) as string[][]
}

const imports = (what: string) => `import * as x from '${what}'\nexport default x\n`

const cases: { name: string; file: string; from: string; refused: RegExp | null }[] = [
  { name: 'ui importing the sdk', file: 'src/components/ui/Sample.tsx', from: '../../sdk/cart/state', refused: /ui takes props only/ },
  { name: 'ui importing an island', file: 'src/components/ui/Sample.tsx', from: '../islands/cart/Minicart', refused: /ui takes props only/ },
  { name: 'ui importing @faststore/sdk', file: 'src/components/ui/Sample.tsx', from: '@faststore/sdk', refused: /ui takes props only/ },
  { name: 'ui importing the platform', file: 'src/components/ui/Sample.tsx', from: '../../../platform/wire', refused: /only through the Functions/ },
  { name: 'ui importing the domain', file: 'src/components/ui/Sample.tsx', from: '../../domain/stock', refused: null },
  { name: 'domain importing the sdk', file: 'src/domain/sample.ts', from: '../sdk/cart/state', refused: /pure rules/ },
  { name: 'domain importing the adapter', file: 'src/domain/sample.ts', from: '../commerce/capabilities', refused: /pure rules/ },
  { name: 'domain importing React', file: 'src/domain/sample.ts', from: 'react', refused: /free of React/ },
  { name: 'domain importing config', file: 'src/domain/sample.ts', from: '../config/constants', refused: null },
  { name: 'the sdk importing the platform', file: 'src/sdk/cart/sample.ts', from: '../../../platform/wire', refused: /only through the Functions/ },
  { name: 'the sdk importing the adapter implementation', file: 'src/sdk/cart/sample.ts', from: '../../commerce/embedded/client', refused: /only through the Functions/ },
  { name: 'an island importing a section', file: 'src/components/islands/cart/Sample.tsx', from: '../../sections/Header', refused: /islands sit below sections/ },
  { name: 'an island importing the platform', file: 'src/components/islands/cart/Sample.tsx', from: '../../../platform/wire', refused: /only through the Functions/ },
  { name: 'an island importing ui and the sdk', file: 'src/components/islands/cart/Sample.tsx', from: '../../ui/Dialog', refused: null },
  { name: 'a component importing a Function', file: 'src/components/islands/cart/Sample.tsx', from: '../../../api/graphql', refused: /never imports them/ },
  { name: 'the sdk importing its own calls module', file: 'src/sdk/cart/sample.ts', from: './calls', refused: null },
  { name: 'the platform importing the storefront', file: 'platform/cart/sample.ts', from: '../../src/domain/tiers', refused: /imports nothing of the storefront/ },
  { name: 'the platform importing its own wire', file: 'platform/cart/sample.ts', from: '../wire', refused: null },
  { name: 'a Function importing the platform client', file: 'src/api/checkout/sample.ts', from: '../../commerce/embedded/client', refused: /commerce adapter/ },
  { name: 'a Function importing the adapter', file: 'src/api/checkout/sample.ts', from: '../../commerce', refused: null },
  { name: 'the wire importing the handlers', file: 'src/wire/sample.ts', from: '../handlers/http', refused: /wire is shared/ },
  { name: 'the wire importing the sdk', file: 'src/wire/sample.ts', from: '../sdk/core/client', refused: /wire is shared/ },
  { name: 'the wire importing the domain', file: 'src/wire/sample.ts', from: '../domain/types', refused: null },
  { name: 'the sdk importing the wire', file: 'src/sdk/sample.ts', from: '../wire/routes', refused: null },
  { name: 'a Function importing the embedded backend', file: 'src/api/checkout/sample.ts', from: '../../commerce/embedded', refused: /commerce adapter/ },
  { name: 'the production server importing the sdk', file: 'serve/sample.ts', from: '../src/sdk/cart/state', refused: /production server/ },
  { name: 'the production server importing the handlers', file: 'serve/sample.ts', from: '../src/handlers/http', refused: /production server/ },
  { name: 'the production server starting the platform', file: 'serve/sample.ts', from: '../platform', refused: null },
  { name: 'the production server reading the wire', file: 'serve/sample.ts', from: '../src/wire/charset', refused: null },
  { name: 'a Function importing the wire', file: 'src/api/checkout/sample.ts', from: '../../wire/routes', refused: null },
  { name: 'the production server importing the editing screen', file: 'serve/sample.ts', from: '../editor/content', refused: /runs apart from the editing screen/ },
  { name: 'the production server importing the supervisor', file: 'serve/sample.ts', from: '../supervisor/supervise', refused: /runs apart from the editing screen and the supervisor/ },
  { name: 'the production server running a rebuild', file: 'serve/sample.ts', from: '../releases/runner', refused: null },
  { name: 'the editing screen importing the production server', file: 'editor/sample.ts', from: '../serve/webhooks', refused: /calls the storefront server over HTTP/ },
  { name: 'the editing screen importing the shop\'s sdk', file: 'editor/sample.ts', from: '../src/sdk/cart/state', refused: /application of its own/ },
  { name: 'the editing screen reading the content schemas', file: 'editor/sample.ts', from: '../cms/registry', refused: null },
  { name: 'the preview importing the editing screen\'s server', file: 'editor/preview/sample.tsx', from: '../server', refused: /reaches the editing screen's server only over HTTP/ },
  { name: 'the preview rendering the shop\'s sections', file: 'editor/preview/sample.tsx', from: '../../src/components/sections/Layout', refused: null },
  { name: 'a release importing the production server', file: 'releases/sample.ts', from: '../serve/site', refused: /used by the servers, never the reverse/ },
  { name: 'a release reading the content', file: 'releases/sample.ts', from: '../cms/load', refused: null },
  { name: 'the supervisor importing the production server', file: 'supervisor/sample.ts', from: '../serve/app', refused: /by path, as processes of their own/ },
  { name: 'the supervisor starting the platform', file: 'supervisor/sample.ts', from: '../platform', refused: null },
  { name: 'the shared HTTP rules importing the platform', file: 'http/sample.ts', from: '../platform/wire', refused: /imports nothing of the project/ },
  { name: 'the shared HTTP rules importing Node', file: 'http/sample.ts', from: 'node:http', refused: null },
  { name: 'the platform importing the shared HTTP rules', file: 'platform/http/sample.ts', from: '../../http/origin', refused: null },
  { name: 'the platform importing the production server', file: 'platform/http/sample.ts', from: '../../serve/app', refused: /imports nothing of the storefront/ },
  { name: 'the VTEX backend importing the embedded one', file: 'src/commerce/vtex/sample.ts', from: '../embedded/client', refused: /A backend never imports another/ },
  { name: 'the VTEX backend importing the platform', file: 'src/commerce/vtex/sample.ts', from: '../../../platform/wire', refused: /only through what backends.ts lends it/ },
  { name: 'the embedded backend importing the VTEX one', file: 'src/commerce/embedded/sample.ts', from: '../vtex/read', refused: /A backend never imports another/ },
  { name: 'the VTEX backend using the shared HTTP plumbing', file: 'src/commerce/vtex/sample.ts', from: '../http/transport', refused: null },
  { name: 'the embedded backend using the shared HTTP plumbing', file: 'src/commerce/embedded/sample.ts', from: '../http/cookies', refused: null },
  { name: 'the composition wiring both backends', file: 'src/commerce/sample.ts', from: './vtex', refused: null },
]

describe('layer rules in lint', () => {
  let results: string[][]
  beforeAll(() => {
    results = lint(cases.map((c) => ({ file: c.file, code: imports(c.from) })))
  }, 60_000)

  it.each(cases.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
    const { refused } = cases[i]!
    const messages = results[i]!
    if (refused) expect(messages.some((m) => refused.test(m))).toBe(true)
    else expect(messages).toEqual([])
  })
})
