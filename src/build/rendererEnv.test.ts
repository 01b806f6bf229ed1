import webpack from 'webpack'
import { keepsDefinition, limitRendererEnv } from './rendererEnv'

describe('the HTML renderer’s environment', () => {
  it('keeps Gatsby’s own variables, GATSBY_* ones and whatever is not a variable', () => {
    for (const key of ['process.env', 'process.env.NODE_ENV', 'process.env.BUILD_STAGE', 'process.env.PUBLIC_DIR', 'process.env.GATSBY_CHECKOUT_URL', '__PATH_PREFIX__', 'HAS_REACT_18']) {
      expect(keepsDefinition(key)).toBe(true)
    }
  })

  it('drops the build’s other variables: the server’s own, secrets, the shell’s', () => {
    for (const key of ['process.env.BUILD_HOOK_TOKEN', 'process.env.DATABASE_URL', 'process.env.SITE_PORT', 'process.env.HOME', 'process.env.PLATFORM_ADMIN_TOKEN']) {
      expect(keepsDefinition(key)).toBe(false)
    }
  })

  it('removes them from the config’s DefinePlugin, leaving the rest as Gatsby wrote it', () => {
    const define = new webpack.DefinePlugin({
      'process.env': '({})',
      'process.env.NODE_ENV': '"production"',
      'process.env.GATSBY_STORE_URL': '"https://example.test"',
      'process.env.DATABASE_URL': '"postgres://secret@db/shop"',
      'process.env.SITE_PORT': '"9000"',
      __PATH_PREFIX__: '""',
    })
    const other = new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/ })
    const config = { plugins: [other, define] }
    expect(limitRendererEnv(config).sort()).toEqual(['DATABASE_URL', 'SITE_PORT'])
    expect(Object.keys((define as unknown as { definitions: object }).definitions).sort()).toEqual(['__PATH_PREFIX__', 'process.env', 'process.env.GATSBY_STORE_URL', 'process.env.NODE_ENV'])
  })

  it('refuses a config without DefinePlugin, so a change in Gatsby cannot silently turn the guard off', () => {
    expect(() => limitRendererEnv({ plugins: [] })).toThrow(/no DefinePlugin/)
  })
})
