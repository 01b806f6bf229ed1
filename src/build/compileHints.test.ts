import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SourceMapConsumer } from 'source-map-js'
import webpack from 'webpack'
import { COMPILE_HINT, CompileHintsPlugin, isBrowserScript } from './compileHints'

interface Built {
  files: string[]
  /** The compilation's hash, which Gatsby keeps as its `webpackCompilationHash`. */
  hash: string
  info: (file: string) => webpack.AssetInfo
}

/** A production build of two modules and a lazy chunk, minified and with source maps, as Gatsby builds the browser's scripts. */
async function build(dir: string, plugins: webpack.WebpackPluginInstance[]): Promise<Built> {
  writeFileSync(path.join(dir, 'price.js'), 'export function formatPrice(cents) {\n  return (cents / 100).toFixed(2) + " €"\n}\n')
  writeFileSync(path.join(dir, 'lazy.js'), 'export const later = () => "dopo"\n')
  writeFileSync(
    path.join(dir, 'entry.js'),
    'import { formatPrice } from "./price"\ndocument.title = formatPrice(Number(document.title))\nimport("./lazy").then((m) => console.log(m.later()))\n',
  )
  const compiler = webpack({
    context: dir,
    mode: 'production',
    devtool: 'source-map',
    entry: './entry.js',
    output: { path: path.join(dir, 'out'), filename: '[name]-[contenthash].js', chunkFilename: '[id]-[contenthash].js' },
    plugins,
  })
  const stats = await new Promise<webpack.Stats>((resolve, reject) => compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))))
  await new Promise((resolve) => compiler.close(resolve))
  expect(stats.hasErrors()).toBe(false)
  return { files: Object.keys(stats.compilation.assets).sort(), hash: stats.hash!, info: (file) => stats.compilation.assetsInfo.get(file) ?? {} }
}

describe('CompileHintsPlugin', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('starts every script, the lazy chunk too, with the hint, once, and leaves the source maps alone', async () => {
    const { files } = await build(dir, [new CompileHintsPlugin()])
    const scripts = files.filter(isBrowserScript)
    expect(scripts).toHaveLength(2)
    for (const file of scripts) {
      const code = readFileSync(path.join(dir, 'out', file), 'utf8')
      expect(code.startsWith(COMPILE_HINT)).toBe(true)
      expect(code.indexOf('allFunctionsCalledOnLoad', COMPILE_HINT.length)).toBe(-1)
    }
    for (const file of files.filter((name) => !isBrowserScript(name))) {
      expect(readFileSync(path.join(dir, 'out', file), 'utf8')).not.toContain('allFunctionsCalledOnLoad')
    }
  })

  it('keeps the source maps true: code after the hint still maps to its line of source', async () => {
    const { files } = await build(dir, [new CompileHintsPlugin()])
    const main = files.find((name) => name.startsWith('main-') && isBrowserScript(name))!
    const lines = readFileSync(path.join(dir, 'out', main), 'utf8').split('\n')
    const map = new SourceMapConsumer(JSON.parse(readFileSync(path.join(dir, 'out', `${main}.map`), 'utf8')))
    const line = lines.findIndex((text) => text.includes('toFixed(2)'))
    expect(line).toBeGreaterThan(0)
    const position = map.originalPositionFor({ line: line + 1, column: lines[line]!.indexOf('toFixed(2)') })
    expect(position.source).toMatch(/price\.js$/)
    expect(position.line).toBe(2)
  })

  it('writes the hint once even when applied twice', async () => {
    const { files } = await build(dir, [new CompileHintsPlugin(), new CompileHintsPlugin()])
    for (const file of files.filter(isBrowserScript)) {
      const code = readFileSync(path.join(dir, 'out', file), 'utf8')
      expect(code.split('allFunctionsCalledOnLoad')).toHaveLength(2)
    }
  })

  it('changes the content hashes and the compilation hash, so no browser or incremental build keeps a script without it', async () => {
    const without = await build(dir, [])
    const withHint = await build(dir, [new CompileHintsPlugin()])
    expect(withHint.hash).not.toBe(without.hash)
    const scripts = withHint.files.filter(isBrowserScript)
    expect(scripts).toHaveLength(without.files.filter(isBrowserScript).length)
    for (const file of scripts) {
      expect(without.files).not.toContain(file)
      const { contenthash, immutable } = withHint.info(file)
      expect(immutable).toBe(true)
      for (const hash of [contenthash].flat()) expect(file).toContain(hash)
    }
  })
})

describe('isBrowserScript', () => {
  it('is a script, not its map or its licence', () => {
    expect(isBrowserScript('app-603856d67facab8bb0bd.js')).toBe(true)
    expect(isBrowserScript('app-603856d67facab8bb0bd.js.map')).toBe(false)
    expect(isBrowserScript('framework-2930deacdb6d8d29fb26.js.LICENSE.txt')).toBe(false)
  })
})
