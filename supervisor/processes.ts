/**
 * What `npm start` shares with the benchmarks: the ports, the environment the
 * build and the servers need, and running a command of node_modules/.bin as a
 * child process.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'

export const bin = (name: string) => path.resolve('node_modules', '.bin', name)

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(command), args, { stdio: 'inherit', env })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? `code ${code}`}`)),
    )
  })
}

export interface Ports {
  host: string
  sitePort: number
  platformPort: number
}

export function readPorts(env: NodeJS.ProcessEnv = process.env): Ports {
  return {
    host: env.HOST ?? '127.0.0.1',
    sitePort: Number(env.SITE_PORT ?? 9000),
    platformPort: Number(env.PLATFORM_PORT ?? 9100),
  }
}

/** A new PLATFORM_PROXY_SECRET: 32 random bytes, 43 characters. */
export const newProxySecret = (): string => randomBytes(32).toString('base64url')

/**
 * The environment the build and the Functions need to find the platform, which `npm start` gives the platform
 * too. `proxySecret` is the one both share: the platform believes the shopper's address the Functions pass on
 * only with it (docs/deploying.md). The operator's PLATFORM_PROXY_SECRET, else a new one for this run.
 */
export function storefrontEnv(platformUrl: string, siteUrl: string, proxySecret = process.env.PLATFORM_PROXY_SECRET?.trim() || newProxySecret()): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PLATFORM_PROXY_SECRET: proxySecret,
    PLATFORM_URL: platformUrl,
    GATSBY_PLATFORM_URL: process.env.GATSBY_PLATFORM_URL ?? platformUrl,
    GATSBY_STORE_URL: process.env.GATSBY_STORE_URL ?? siteUrl,
    // The platform's forms and logout accept posts from its own pages and from the storefront's.
    PLATFORM_TRUSTED_ORIGINS: process.env.PLATFORM_TRUSTED_ORIGINS ?? new URL(process.env.GATSBY_STORE_URL ?? siteUrl).origin,
    GATSBY_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
  }
}
