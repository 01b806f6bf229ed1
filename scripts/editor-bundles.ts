/**
 * Prints the editing screen's two browser bundles, raw and gzipped: the
 * screen's own (forms, history) and the preview's (the storefront's components
 * with the draft). Both are built and served only by the editing screen's
 * server; docs/editing-content.md reports what this prints.
 */
import { editorBundle } from '../editor/server'
import { gzipBytes, previewBundle } from '../editor/previewServer'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function main(): Promise<void> {
  for (const [name, bundle] of [
    ['editor.js (the screen)', editorBundle()],
    ['preview.js (the preview frame)', previewBundle()],
  ] as const) {
    const text = await bundle
    console.log(`${name}: ${kb(Buffer.byteLength(text))} minified, ${kb(gzipBytes(text))} gzipped`)
  }
}

void main()
