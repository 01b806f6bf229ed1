import { spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { QUERY_ENGINE_DIR, sharpBinaryPackages, shipSharpWithEngines } from './engineSharp'

const projectRoot = path.resolve(__dirname, '..', '..')
// sharp's own name for this machine's platform, as its loader computes it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = (require('sharp/lib/libvips') as { runtimePlatformArch: () => string }).runtimePlatformArch()

/**
 * A site in a temporary folder using the project's node_modules, with stand-in
 * engines that load sharp's binary the way sharp 0.34 does inside Gatsby's
 * query engine: a computed require left to run time.
 */
function makeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'engines-'))
  writeFileSync(path.join(root, 'package.json'), '{"name":"site","private":true}')
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir')
  mkdirSync(path.join(root, QUERY_ENGINE_DIR), { recursive: true })
  mkdirSync(path.join(root, '.cache', 'page-ssr'), { recursive: true })
  writeFileSync(
    path.join(root, QUERY_ENGINE_DIR, 'index.js'),
    `const request = \`@img/sharp-\${${JSON.stringify(runtime)}}/sharp.node\`
const binding = require(request)
exports.GraphQLEngine = class { ready() { return binding.libvipsVersion().semver ? Promise.resolve() : Promise.reject(new Error('no libvips')) } }
`,
  )
  writeFileSync(path.join(root, '.cache', 'page-ssr', 'index.js'), '')
  return root
}

/** Runs Gatsby's own engine validation on `root` in a child process; also reports where libvips was loaded from. */
function validate(root: string): { ok: boolean; output: string; libvips: string[] } {
  const script = `
const { validate } = require('gatsby/dist/utils/validate-engines/child')
validate(process.argv[1]).then(() => {
  const maps = require('fs').readFileSync('/proc/self/maps', 'utf8').split('\\n').filter((l) => l.includes('libvips-cpp'))
  console.log(JSON.stringify([...new Set(maps.map((l) => l.slice(l.indexOf('/'))))]))
}, (error) => { console.error(error.message); process.exit(1) })`
  const child = spawnSync(process.execPath, ['-e', script, root], { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 })
  const ok = child.status === 0
  return { ok, output: `${child.stdout}${child.stderr}`, libvips: ok ? (JSON.parse(child.stdout.trim().split('\n').pop()!) as string[]) : [] }
}

describe('sharp inside the rendering engines', () => {
  let root: string
  beforeEach(() => {
    root = makeSite()
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('finds the binary and libvips packages of the installed sharp', () => {
    const packages = sharpBinaryPackages(root)
    const sharpVersion = (JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', 'sharp', 'package.json'), 'utf8')) as { version: string }).version
    expect(packages.map((p) => p.name)).toEqual([`@img/sharp-${runtime}`, `@img/sharp-libvips-${runtime}`])
    expect(packages[0]!.version).toBe(sharpVersion)
  })

  it('fails Gatsby\'s validation while the binary is only in node_modules, passes once shipped, and loads libvips from the engine', () => {
    const before = validate(root)
    expect(before.ok).toBe(false)
    expect(before.output).toContain(`Generated engines use disallowed import "@img/sharp-${runtime}/sharp.node"`)

    shipSharpWithEngines(root)
    const after = validate(root)
    expect(after.output).not.toContain('disallowed')
    expect(after.ok).toBe(true)
    expect(after.libvips.length).toBeGreaterThan(0)
    for (const file of after.libvips) expect(file.startsWith(path.join(root, QUERY_ENGINE_DIR, 'node_modules'))).toBe(true)
  })

  it('keeps a copy of the same version and replaces one of another version', () => {
    shipSharpWithEngines(root)
    const binary = path.join(root, QUERY_ENGINE_DIR, 'node_modules', `@img/sharp-${runtime}`)
    const firstCopy = statSync(path.join(binary, 'package.json')).mtimeMs
    shipSharpWithEngines(root)
    expect(statSync(path.join(binary, 'package.json')).mtimeMs).toBe(firstCopy)

    // A real copy inside the engine (never a link into the installed package, which the next lines would change).
    expect(lstatSync(binary).isSymbolicLink()).toBe(false)
    expect(realpathSync(path.join(binary, 'package.json')).startsWith(realpathSync(root))).toBe(true)
    const manifest = JSON.parse(readFileSync(path.join(binary, 'package.json'), 'utf8')) as { version: string }
    writeFileSync(path.join(binary, 'package.json'), JSON.stringify({ ...manifest, version: '0.0.1' }))
    writeFileSync(path.join(binary, 'stale.txt'), 'old')
    shipSharpWithEngines(root)
    expect((JSON.parse(readFileSync(path.join(binary, 'package.json'), 'utf8')) as { version: string }).version).toBe(manifest.version)
    expect(() => statSync(path.join(binary, 'stale.txt'))).toThrow()
  })

  it('ships nothing where sharp is not installed', () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'engines-bare-'))
    try {
      writeFileSync(path.join(bare, 'package.json'), '{"name":"bare","private":true}')
      expect(shipSharpWithEngines(bare)).toEqual([])
    } finally {
      rmSync(bare, { recursive: true, force: true })
    }
  })
})
