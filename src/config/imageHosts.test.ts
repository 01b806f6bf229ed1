import { backendChoice, CAPABILITY_VARIABLES } from '../commerce/compose'
import type { Capability } from '../commerce/capabilities'
import { usesVtex } from './imageHosts'

describe('usesVtex', () => {
  it('agrees with the commerce’s own choice of backend, capability by capability', () => {
    const capabilities = Object.keys(CAPABILITY_VARIABLES) as Capability[]
    const envs: NodeJS.ProcessEnv[] = [
      {},
      { COMMERCE: 'vtex' },
      { COMMERCE_PLATFORM: 'vtex' },
      { COMMERCE: 'embedded', COMMERCE_PLATFORM: 'vtex' },
      { COMMERCE: ' ', COMMERCE_PLATFORM: 'vtex' },
      { COMMERCE: 'vtex', COMMERCE_CATALOG: 'embedded', COMMERCE_CART: 'embedded', COMMERCE_IDENTITY: 'embedded', COMMERCE_STORES: 'embedded', COMMERCE_LOYALTY: 'embedded' },
      ...capabilities.map((capability) => ({ [CAPABILITY_VARIABLES[capability]]: 'vtex' })),
    ]
    for (const env of envs) expect([env, usesVtex(env)]).toEqual([env, capabilities.some((capability) => backendChoice(capability, env).name === 'vtex')])
  })
})
