import type { Configuration } from 'webpack'
import { isPageComponentChunk, pageComponentsOnlyCommons } from './commonsChunk'

describe("Gatsby's commons chunk", () => {
  it('counts page components only: lazy chunks (islands, panels, the boot) and the app do not', () => {
    const config: Configuration = { optimization: { splitChunks: { chunks: 'all', cacheGroups: { commons: { name: 'commons', minChunks: 17, priority: 20 } } } } }
    expect(pageComponentsOnlyCommons(config)).toBe(true)
    const commons = (config.optimization!.splitChunks as { cacheGroups: { commons: { chunks: (chunk: { name?: string }) => boolean; minChunks: number } } }).cacheGroups.commons
    expect(commons.minChunks).toBe(17)
    expect(commons.chunks({ name: 'component---src-templates-product-page-tsx' })).toBe(true)
    for (const name of ['island-buy-box', 'boot', 'app', 'parser', undefined]) expect(commons.chunks({ name })).toBe(false)
    expect(isPageComponentChunk({ name: null })).toBe(false)
  })

  it("says so when Gatsby's configuration has no commons group, so the build can warn", () => {
    expect(pageComponentsOnlyCommons({})).toBe(false)
    expect(pageComponentsOnlyCommons({ optimization: { splitChunks: false } })).toBe(false)
    expect(pageComponentsOnlyCommons({ optimization: { splitChunks: { cacheGroups: { commons: false } } } })).toBe(false)
  })
})
