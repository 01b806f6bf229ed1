/**
 * The environment of the server a Function runs in, read when it runs.
 * Gatsby's Function bundler replaces every literal `process.env.NAME` with the
 * value it had at build time (undefined when unset), so a built Function could
 * never be pointed at another platform or origin; reading through
 * `globalThis.process` keeps the lookup for run time.
 */
export function runtimeEnv(): NodeJS.ProcessEnv {
  return globalThis.process.env
}
