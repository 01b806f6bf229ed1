/**
 * The server's configuration, from the environment (docs/serving.md, "Configuration").
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyServerOptions } from 'fastify'
import { DEFAULT_HTTP_LIMITS, readHttpLimits, type HttpLimits } from '../http/limits'
import type { SecurityOptions } from './security'
import { storeImageOrigins } from '../src/config/imageHosts'
import { tagManagerOrigins } from '../src/config/tagManager'

export interface ServerConfig {
  host: string
  port: number
  siteDir: string
  trustProxy: FastifyServerOptions['trustProxy']
  security: SecurityOptions
  /** Time-outs and the cap on each client address's connections (SITE_*_TIMEOUT_MS, SITE_MAX_CONNECTIONS_PER_CLIENT). */
  limits: HttpLimits
  /** Bytes of pages each build served keeps in memory (SITE_PAGE_CACHE_MB, serve/site.ts). */
  pageCacheBytes: number
}

export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean)
}

function originOf(url: string | undefined): string[] {
  if (!url) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

/** External scripts the services-booking page lists; its own-site ones are covered by 'self'. */
export function bookingScriptSources(siteDir: string): string[] {
  try {
    const content = JSON.parse(readFileSync(path.join(siteDir, 'cms', 'services-booking.json'), 'utf8')) as { scripts?: { src?: unknown }[] }
    return (content.scripts ?? []).map((s) => s.src).filter((src): src is string => typeof src === 'string' && /^https:\/\//.test(src))
  } catch {
    return []
  }
}

/** TRUST_PROXY: unset or "false" trusts no proxy; "true", a hop count, or addresses/CIDRs (comma-separated). */
function trustProxy(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return list(value)
}

/**
 * Behind a proxy (TRUST_PROXY set) every connection comes from the proxy's
 * addresses, so a cap per address would cap the whole shop: there is none
 * unless SITE_MAX_CONNECTIONS_PER_CLIENT asks for one.
 */
export function siteHttpLimits(env: NodeJS.ProcessEnv, proxied: boolean): HttpLimits {
  return readHttpLimits(env, 'SITE', proxied ? { ...DEFAULT_HTTP_LIMITS, maxConnectionsPerClient: 0 } : DEFAULT_HTTP_LIMITS)
}

/** Bytes of pages each build served keeps in memory, by default: some 600 product pages. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024

/** SITE_PAGE_CACHE_MB: a whole number of megabytes from 0 (no page kept in memory) to 4096. */
export function pageCacheBytes(env: NodeJS.ProcessEnv): number {
  const raw = env.SITE_PAGE_CACHE_MB
  if (raw === undefined || raw.trim() === '') return PAGE_CACHE_BYTES
  const megabytes = Number(raw)
  if (!Number.isInteger(megabytes) || megabytes < 0 || megabytes > 4096) throw new Error(`SITE_PAGE_CACHE_MB must be a whole number from 0 to 4096, got "${raw}"`)
  return megabytes * 1024 * 1024
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env, siteDir = process.cwd()): ServerConfig {
  const platformUrl = env.GATSBY_PLATFORM_URL ?? env.PLATFORM_URL ?? 'http://127.0.0.1:9100'
  const proxy = trustProxy(env.TRUST_PROXY)
  // The tag manager's origins, only when a container is configured: it loads only after analytics consent (req CONSENT-06).
  const tags = tagManagerOrigins(env)
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.SITE_PORT ?? 9000),
    siteDir,
    trustProxy: proxy,
    limits: siteHttpLimits(env, proxy !== false),
    pageCacheBytes: pageCacheBytes(env),
    security: {
      frameAncestors: list(env.FRAME_ANCESTORS),
      scriptSources: [...bookingScriptSources(siteDir), ...tags.script],
      platformOrigins: [...new Set([...originOf(platformUrl), ...originOf(env.GATSBY_CHECKOUT_URL), ...originOf(env.GATSBY_PROVIDER_LOGOUT_URL), ...originOf(env.GATSBY_SECURE_SUBDOMAIN)])],
      // A VTEX store's pictures (its account's asset hosts and VTEX_IMAGE_HOSTS); none on the embedded platform.
      imageOrigins: storeImageOrigins(env),
      connectOrigins: [...originOf(env.GATSBY_SENTRY_DSN), ...originOf(env.ERROR_REPORTER_URL), ...list(env.CSP_CONNECT_ORIGINS), ...tags.connect],
    },
  }
}
