/**
 * Gatsby's rendering engines (`.cache/query-engine`, `.cache/page-ssr`) serve
 * the deferred pages. They must be self-contained: Gatsby checks at build time
 * that they import nothing from outside `.cache` ("Built Rendering Engines
 * failed validation").
 *
 * The query engine always loads sharp (Gatsby's remote-image resolvers import
 * it eagerly). Gatsby 5 bundles sharp up to 0.32, whose binary sits inside the
 * sharp package and is copied into the engine's assets. From 0.33 on, sharp
 * loads its binary with a computed `require("@img/sharp-<platform>/sharp.node")`
 * from a separate package that depends on a libvips package; the bundler leaves
 * that require to run time, where it would reach into the site's
 * node_modules. Shipping those two packages inside the engine, in its own
 * `node_modules`, is where that require finds them, so the engine stays
 * self-contained and carries the same sharp the site installs.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export const QUERY_ENGINE_DIR = path.join('.cache', 'query-engine')

export interface EnginePackage {
  name: string
  version: string
  dir: string
}

/** sharp's own name for the running platform, e.g. linux-x64 or linuxmusl-x64. */
function sharpRuntimePlatform(siteRequire: NodeRequire): string {
  const libvips = siteRequire('sharp/lib/libvips') as { runtimePlatformArch: () => string }
  return libvips.runtimePlatformArch()
}

function packageAt(from: NodeRequire, name: string): EnginePackage | undefined {
  try {
    // sharp's platform packages export "./package" (not "./package.json").
    const manifest = from.resolve(`${name}/package`)
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
    return { name, version, dir: path.dirname(manifest) }
  } catch {
    return undefined
  }
}

/**
 * The packages holding the sharp binary for this platform and the libvips it
 * links, as installed for the site in `root`; empty when sharp is not
 * installed or loads its binary some other way (built from source, wasm).
 */
export function sharpBinaryPackages(root: string, platform?: string): EnginePackage[] {
  const siteRequire = createRequire(path.join(root, 'package.json'))
  let sharpRequire: NodeRequire
  try {
    sharpRequire = createRequire(siteRequire.resolve('sharp/package.json'))
  } catch {
    return []
  }
  const runtime = platform ?? sharpRuntimePlatform(siteRequire)
  const binary = packageAt(sharpRequire, `@img/sharp-${runtime}`)
  if (!binary) return []
  const libvips = packageAt(createRequire(path.join(binary.dir, 'package.json')), `@img/sharp-libvips-${runtime}`)
  return libvips ? [binary, libvips] : [binary]
}

/**
 * Copies the sharp binary packages into `<root>/.cache/query-engine/node_modules`
 * (files, not links: links would resolve outside the engine). A package
 * already there at the same version is kept. Returns what the engine holds.
 */
export function shipSharpWithEngines(root: string, platform?: string): EnginePackage[] {
  const packages = sharpBinaryPackages(root, platform)
  const modules = path.join(root, QUERY_ENGINE_DIR, 'node_modules')
  for (const pkg of packages) {
    const target = path.join(modules, pkg.name)
    const manifest = path.join(target, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === pkg.version) continue
    rmSync(target, { recursive: true, force: true })
    mkdirSync(path.dirname(target), { recursive: true })
    cpSync(pkg.dir, target, { recursive: true, dereference: true })
  }
  return packages
}
