/**
 * V8's explicit compile hint for the browser's scripts.
 *
 * V8 compiles a function the first time it is called, on the main thread,
 * unless it guessed at load time that the function would run. Nearly every
 * function of our chunks runs while the page starts (the module bodies,
 * React's hydration, the islands' first render), so a page load spent a
 * large part of its long tasks compiling them one by one inside
 * `__webpack_require__`. A script whose first line is
 * `//# allFunctionsCalledOnLoad` (Chromium 136 and later) has every function
 * compiled eagerly, on a background thread while the script streams in.
 * Other browsers read it as a comment.
 *
 * The line is prepended after the minifier (which would drop it) and before
 * the source maps are written, so the maps account for the shifted line. It
 * also goes into every chunk's hash, as the minifier's settings do: the
 * compilation hash Gatsby derives from them is what tells open tabs that a
 * new build is out and which pages an incremental build renders again.
 */
import type { Compiler } from 'webpack'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** Whether an emitted asset is one of the browser's scripts (not a source map, not a licence file). */
export const isBrowserScript = (file: string): boolean => /\.m?js$/.test(file)

export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources, javascript } = compiler.webpack
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      javascript.JavascriptModulesPlugin.getCompilationHooks(compilation).chunkHash.tap('CompileHintsPlugin', (_chunk, hash) => {
        hash.update(COMPILE_HINT)
      })
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          for (const file of chunk.files) {
            if (!isBrowserScript(file)) continue
            compilation.updateAsset(file, (source) => (source.source().toString().startsWith(COMPILE_HINT) ? source : new sources.ConcatSource(COMPILE_HINT, source)))
          }
        }
      })
    })
  }
}
