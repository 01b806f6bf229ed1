import { spawnSync } from 'node:child_process'
import { buildEnv } from './buildEnv'

describe('buildEnv', () => {
  it('silences only the punycode deprecation, keeping the options already set', () => {
    expect(buildEnv({ NODE_OPTIONS: '--max-old-space-size=4096' }).NODE_OPTIONS).toBe('--max-old-space-size=4096 --disable-warning=DEP0040')
    expect(buildEnv({}).NODE_OPTIONS).toBe('--disable-warning=DEP0040')
    const once = buildEnv({})
    expect(buildEnv(once).NODE_OPTIONS).toBe('--disable-warning=DEP0040')
  })

  it('gives a build the same environment whether a launcher or the storefront server runs it', () => {
    // What `npm start` and the bench build with, and what the server they start has (and passes to its rebuilds).
    const launcher = { PATH: '/usr/bin', PLATFORM_URL: 'http://127.0.0.1:9100', GATSBY_STORE_URL: 'http://127.0.0.1:9000', CMS_CONTENT_DIR: '/tmp/cms', NODE_ENV: 'production' }
    const server = { ...launcher, SITE_PORT: '9000', HOST: '127.0.0.1', BUILD_HOOK_TOKEN: 'a-token-of-at-least-24-characters', BUILD_TIMEOUT_MS: '600000', SITE_LOG_LEVEL: 'warn' }
    expect(buildEnv(server)).toEqual(buildEnv(launcher))
    expect(buildEnv(server)).toEqual({ ...launcher, NODE_OPTIONS: '--disable-warning=DEP0040' })
  })

  it('is an option the running Node accepts, and it hides that warning and no other', () => {
    const script = "require('punycode'); process.emitWarning('kept', 'DeprecationWarning', 'DEP0999')"
    const { stderr, status } = spawnSync(process.execPath, ['-e', script], { env: buildEnv({ PATH: process.env.PATH }), encoding: 'utf8' })
    expect(status).toBe(0)
    expect(stderr).not.toContain('DEP0040')
    expect(stderr).toContain('DEP0999')
  })
})
