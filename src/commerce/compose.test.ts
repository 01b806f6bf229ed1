import { BACKENDS } from './backends'
import type { Backend, Capability, Commerce } from './capabilities'
import { composeCommerce } from './compose'

const CAPABILITIES: Capability[] = ['catalog', 'cart', 'identity', 'stores', 'loyalty']

/** A backend whose every capability is a marker saying which backend built it, with the environment it was given. */
function marked(name: string, serves: Capability[] = CAPABILITIES): Backend {
  return Object.fromEntries(serves.map((capability) => [capability, (env: NodeJS.ProcessEnv) => ({ backend: name, env })])) as Backend
}
const backends = { embedded: marked('embedded'), other: marked('other'), catalogOnly: marked('catalogOnly', ['catalog']) }

/** Which backend built each capability. */
const builtBy = (commerce: Commerce) =>
  Object.fromEntries(CAPABILITIES.map((capability) => [capability, (commerce[capability] as unknown as { backend: string }).backend]))
const all = (name: string) => Object.fromEntries(CAPABILITIES.map((capability) => [capability, name]))

describe('composing the commerce from the environment', () => {
  it('takes every capability from the embedded backend when nothing is configured, blank values counting as unset', () => {
    expect(builtBy(composeCommerce({}, backends))).toEqual(all('embedded'))
    expect(builtBy(composeCommerce({ COMMERCE: ' ', COMMERCE_CART: '' }, backends))).toEqual(all('embedded'))
  })

  it('takes every capability from the backend COMMERCE names, and from COMMERCE_PLATFORM, its former name, when COMMERCE is unset', () => {
    expect(builtBy(composeCommerce({ COMMERCE: 'other' }, backends))).toEqual(all('other'))
    expect(builtBy(composeCommerce({ COMMERCE_PLATFORM: 'other' }, backends))).toEqual(all('other'))
    expect(builtBy(composeCommerce({ COMMERCE: 'embedded', COMMERCE_PLATFORM: 'other' }, backends))).toEqual(all('embedded'))
  })

  it('lets one variable give one capability to another backend', () => {
    expect(builtBy(composeCommerce({ COMMERCE_CART: 'other' }, backends))).toEqual({ ...all('embedded'), cart: 'other' })
    expect(builtBy(composeCommerce({ COMMERCE: 'other', COMMERCE_CATALOG: 'catalogOnly' }, backends))).toEqual({ ...all('other'), catalog: 'catalogOnly' })
    for (const capability of CAPABILITIES) {
      const variable = `COMMERCE_${capability.toUpperCase()}`
      expect(builtBy(composeCommerce({ [variable]: 'other' }, backends))).toEqual({ ...all('embedded'), [capability]: 'other' })
    }
  })

  it('hands each factory the environment, where a backend reads its own settings', () => {
    const env = { COMMERCE_STORES: 'other', OTHER_TOKEN: 't' }
    expect(composeCommerce(env, backends).stores).toEqual({ backend: 'other', env })
  })

  it('refuses a backend name nobody registered, naming the variable, its value and the known backends', () => {
    expect(() => composeCommerce({ COMMERCE: 'vtex' }, backends)).toThrow('COMMERCE=vtex names no commerce backend; the known backends are embedded, other, catalogOnly')
    expect(() => composeCommerce({ COMMERCE_PLATFORM: 'vtex' }, backends)).toThrow(/^COMMERCE_PLATFORM=vtex names no commerce backend/)
  })

  it('refuses an unknown value of one capability variable, and a backend that does not serve the capability it is chosen for', () => {
    expect(() => composeCommerce({ COMMERCE_LOYALTY: 'nessuno' }, backends)).toThrow('COMMERCE_LOYALTY=nessuno names no commerce backend; the known backends are embedded, other, catalogOnly')
    expect(() => composeCommerce({ COMMERCE_CART: 'catalogOnly' }, backends)).toThrow('COMMERCE_CART=catalogOnly: the catalogOnly backend does not serve the cart; backends that do: embedded, other')
    expect(() => composeCommerce({ COMMERCE_CATALOG: 'constructor' }, backends)).toThrow(/^COMMERCE_CATALOG=constructor names no commerce backend/)
  })
})

describe('the registered backends', () => {
  it('has the embedded backend serve every capability', () => {
    expect(Object.keys(BACKENDS)).toEqual(['embedded', 'vtex'])
    const commerce = composeCommerce({}, BACKENDS)
    expect(Object.keys(commerce)).toEqual(CAPABILITIES)
    for (const capability of CAPABILITIES) expect(BACKENDS.embedded?.[capability]).toEqual(expect.any(Function))
  })

  it('composes COMMERCE=vtex with the capabilities VTEX does not serve left to the embedded platform, and names them otherwise', () => {
    const vtexEnv = { COMMERCE: 'vtex', VTEX_ACCOUNT: 'petstore', VTEX_STORE_URL: 'https://www.example.it' }
    expect(() => composeCommerce(vtexEnv, BACKENDS)).toThrow('COMMERCE=vtex: the vtex backend does not serve the loyalty; backends that do: embedded')
    const split = { ...vtexEnv, COMMERCE_LOYALTY: 'embedded' }
    expect(Object.keys(composeCommerce(split, BACKENDS))).toEqual(CAPABILITIES)
    // Identity and stores name VTEX order forms, so they stay on VTEX only beside its cart.
    expect(() => composeCommerce({ ...split, COMMERCE_CART: 'embedded' }, BACKENDS)).toThrow(/COMMERCE_IDENTITY=vtex needs the cart on VTEX too/)
    expect(() => composeCommerce({ ...split, VTEX_ACCOUNT: '' }, BACKENDS)).toThrow(/VTEX_ACCOUNT must be set/)
  })

  it('fails to compose when PLATFORM_TIMEOUT_MS is out of bounds, as the embedded backend reads it', () => {
    expect(() => composeCommerce({ PLATFORM_TIMEOUT_MS: '5' }, BACKENDS)).toThrow(/PLATFORM_TIMEOUT_MS/)
  })
})
