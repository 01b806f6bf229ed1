import { spawnSync } from 'node:child_process'
import { buildEnv } from './processes'

describe('buildEnv', () => {
  it('silences only the punycode deprecation, keeping the options already set', () => {
    expect(buildEnv({ NODE_OPTIONS: '--max-old-space-size=4096' }).NODE_OPTIONS).toBe('--max-old-space-size=4096 --disable-warning=DEP0040')
    expect(buildEnv({}).NODE_OPTIONS).toBe('--disable-warning=DEP0040')
    const once = buildEnv({})
    expect(buildEnv(once).NODE_OPTIONS).toBe('--disable-warning=DEP0040')
  })

  it('is an option the running Node accepts, and it hides that warning and no other', () => {
    const script = "require('punycode'); process.emitWarning('kept', 'DeprecationWarning', 'DEP0999')"
    const { stderr, status } = spawnSync(process.execPath, ['-e', script], { env: buildEnv({ PATH: process.env.PATH }), encoding: 'utf8' })
    expect(status).toBe(0)
    expect(stderr).not.toContain('DEP0040')
    expect(stderr).toContain('DEP0999')
  })
})
