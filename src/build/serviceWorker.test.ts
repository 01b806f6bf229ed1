import { runInNewContext } from 'node:vm'
import { precacheList, serviceWorkerSource } from './serviceWorker'

const stats = {
  namedChunkGroups: {
    app: { assets: [{ name: 'webpack-runtime-576c831e892747c6336b.js' }, { name: 'framework-8d622c651e8fedd5f4a5.js' }, { name: 'app-baaf46c6069a9dbac543.js' }, { name: 'app-baaf46c6069a9dbac543.js.map' }] },
    'component---src-pages-index-tsx': { assets: [{ name: 'component---src-pages-index-tsx-0123456789abcdef0123.js' }] },
  },
}

describe('precacheList', () => {
  it('is the app chunk group’s scripts and styles, without source maps or page components', () => {
    expect(precacheList(stats)).toEqual(['/webpack-runtime-576c831e892747c6336b.js', '/framework-8d622c651e8fedd5f4a5.js', '/app-baaf46c6069a9dbac543.js'])
  })
  it('stops the build when the stats name no app chunk', () => {
    expect(() => precacheList({ namedChunkGroups: {} })).toThrow(/app/)
  })
})

describe('serviceWorkerSource', () => {
  it('is a classic script that installs the worker with this build’s configuration', () => {
    const { source, config } = serviceWorkerSource(stats, 'abc123')
    expect(source).not.toMatch(/\bexport\b|\bimport\s*[{(]|importScripts/)
    expect(config.version).toMatch(/^[0-9a-f]{16}$/)
    expect(source).toContain(config.version)
    expect(config.offlineHtml).toContain('Sei offline')
    const events: string[] = []
    const self = { location: { origin: 'https://www.zampa.it' }, addEventListener: (type: string) => events.push(type) }
    runInNewContext(source, { self, URL, Request, Response, Headers })
    expect(events.sort()).toEqual(['activate', 'fetch', 'install'])
  })

  it('gets a new version when the app’s chunks change, and keeps it when nothing does', () => {
    const first = serviceWorkerSource(stats, 'abc123').config.version
    expect(serviceWorkerSource(stats, 'abc123').config.version).toBe(first)
    const changed = { namedChunkGroups: { app: { assets: [{ name: 'app-ffffffffffffffffffff.js' }] } } }
    expect(serviceWorkerSource(changed, 'abc123').config.version).not.toBe(first)
    expect(serviceWorkerSource(stats, 'def456').config.version).not.toBe(first)
  })
})
