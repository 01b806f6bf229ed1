import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CHECKS, findHaproxy, haproxyConfig, parseStat } from './cluster'

const layout = { host: '127.0.0.1', socket: '/tmp/haproxy-test.sock', siteBalancerPort: 9500, platformBalancerPort: 9501, storefrontPorts: [9502, 9503], platformPorts: [9504, 9505] }

function installed(): string | null {
  try {
    return findHaproxy()
  } catch {
    return null
  }
}

describe('the cluster script', () => {
  it('without haproxy it fails saying how to install it', () => {
    expect(() => findHaproxy('/nonexistent/haproxy')).toThrow(/apt-get install -y haproxy/)
  })

  it('balances each pair round robin, checks each server on its health path, and retries only what is safe to send twice', () => {
    const config = haproxyConfig(layout)
    const backend = (name: string) => config.slice(config.indexOf(`\nbackend ${name}`) + 1).split(/\n(?=frontend|backend)/)[0]!
    expect(backend('storefronts')).toMatch(/balance roundrobin/)
    expect(backend('storefronts')).toMatch(/option httpchk GET \/healthz/)
    expect(backend('storefronts')).toMatch(/server storefront-1 127\.0\.0\.1:9502 check\n\s+server storefront-2 127\.0\.0\.1:9503 check/)
    expect(backend('platforms')).toMatch(/option httpchk GET \/api\/health/)
    expect(backend('platforms')).toMatch(/server platform-1 127\.0\.0\.1:9504 check\n\s+server platform-2 127\.0\.0\.1:9505 check/)
    for (const name of ['storefronts', 'platforms']) expect(backend(name)).toMatch(/http-request disable-l7-retry unless METH_GET \|\| METH_HEAD/)
    expect(config).toMatch(/retry-on conn-failure empty-response response-timeout 503/)
    expect(config).toMatch(/option redispatch 1/)
    expect(config).toMatch(new RegExp(`inter ${CHECKS.interMs}ms .*fall ${CHECKS.fall} rise ${CHECKS.rise}`))
    expect(config).toMatch(/bind 127\.0\.0\.1:9500[\s\S]*bind 127\.0\.0\.1:9501/)
  })

  const haproxy = installed()
  ;(haproxy ? it : it.skip)('haproxy accepts the configuration it writes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-config-'))
    try {
      const file = path.join(dir, 'haproxy.cfg')
      writeFileSync(file, haproxyConfig({ ...layout, socket: path.join(dir, 'haproxy.sock') }))
      expect(() => execFileSync(haproxy!, ['-c', '-q', '-f', file], { stdio: 'pipe' })).not.toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("reads haproxy's show stat", () => {
    const csv = '# pxname,svname,wretr,wredis,status,hrsp_5xx\nstorefronts,storefront-1,0,3,DOWN,0\nstorefronts,BACKEND,0,3,UP,1\n'
    expect(parseStat(csv)).toEqual([
      { pxname: 'storefronts', svname: 'storefront-1', wretr: '0', wredis: '3', status: 'DOWN', hrsp_5xx: '0' },
      { pxname: 'storefronts', svname: 'BACKEND', wretr: '0', wredis: '3', status: 'UP', hrsp_5xx: '1' },
    ])
  })
})
