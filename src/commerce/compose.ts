/**
 * The commerce the storefront uses, composed from configuration one
 * capability at a time:
 *
 *   COMMERCE             the backend of every capability (default `embedded`);
 *                        COMMERCE_PLATFORM, its former name, counts when COMMERCE is unset
 *   COMMERCE_CATALOG     the backend of one capability, over COMMERCE; likewise
 *   COMMERCE_CART, COMMERCE_IDENTITY, COMMERCE_STORES, COMMERCE_LOYALTY
 *
 * With nothing configured the embedded platform serves everything. A name no
 * backend answers to, or a backend that does not serve the capability it is
 * chosen for, fails when the commerce is first composed, naming the variable,
 * its value and the backends that would do.
 */
import type { Backend, Capability, Commerce } from './capabilities'

export const DEFAULT_BACKEND = 'embedded'

/** The variable that chooses one capability's backend. */
export const CAPABILITY_VARIABLES: { readonly [C in Capability]: string } = {
  catalog: 'COMMERCE_CATALOG',
  cart: 'COMMERCE_CART',
  identity: 'COMMERCE_IDENTITY',
  stores: 'COMMERCE_STORES',
  loyalty: 'COMMERCE_LOYALTY',
}

const setting = (env: NodeJS.ProcessEnv, variable: string): string | undefined => env[variable]?.trim() || undefined

/** The backend the environment names for a capability, and the variable that named it (none for the default). */
export function backendChoice(capability: Capability, env: NodeJS.ProcessEnv): { variable: string | null; name: string } {
  for (const variable of [CAPABILITY_VARIABLES[capability], 'COMMERCE', 'COMMERCE_PLATFORM']) {
    const name = setting(env, variable)
    if (name) return { variable, name }
  }
  return { variable: null, name: DEFAULT_BACKEND }
}

export function composeCommerce(env: NodeJS.ProcessEnv, backends: Readonly<Record<string, Backend>>): Commerce {
  const build = <C extends Capability>(capability: C): Commerce[C] => {
    const { variable, name } = backendChoice(capability, env)
    const chosenBy = variable ? `${variable}=${name}` : `${name} (the default)`
    const backend = Object.hasOwn(backends, name) ? backends[name] : undefined
    if (!backend) throw new Error(`${chosenBy} names no commerce backend; the known backends are ${list(Object.keys(backends))}`)
    const factory = backend[capability]
    if (!factory) {
      const serving = Object.keys(backends).filter((other) => backends[other]?.[capability])
      throw new Error(`${chosenBy}: the ${name} backend does not serve the ${capability}; backends that do: ${list(serving)}`)
    }
    return factory(env)
  }
  return { catalog: build('catalog'), cart: build('cart'), identity: build('identity'), stores: build('stores'), loyalty: build('loyalty') }
}

const list = (names: string[]) => (names.length ? names.join(', ') : 'none')
