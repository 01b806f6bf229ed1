/**
 * The storefront as a cluster of its existing parts, on loopback, for the
 * cluster test (tests/cluster/) and `npm run bench:cluster`:
 *
 * - N production servers (serve/main.ts: the built public/ and the Functions)
 *   and M platform processes (platform/http/main.ts), all on one PostgreSQL
 *   database;
 * - Debian's haproxy in front of each group, run from a generated
 *   configuration: round robin, a health check on each server, failed
 *   requests retried on another server (see haproxyConfig for which).
 *
 * It installs nothing: haproxy must be there (`apt-get install -y haproxy`).
 * Each process can be killed, stopped and started again by name while the
 * rest serve, and haproxy's view of every server is read from its stats
 * socket. See docs/deploying.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import path from 'node:path'
import { newProxySecret, storefrontEnv } from '../supervisor/processes'

export type Kind = 'storefront' | 'platform'

/** The health checks haproxy asks: the production server's and the platform's. */
export const HEALTH = { storefront: '/healthz', platform: '/api/health' } as const
const BACKEND = { storefront: 'storefronts', platform: 'platforms' } as const
const SCRIPT = { storefront: 'serve/main.ts', platform: 'platform/http/main.ts' } as const

/** haproxy's health-check timing: a dead server leaves after `fall` failed checks, a restarted one returns after `rise` good ones. */
export const CHECKS = { interMs: 500, fall: 2, rise: 2 } as const

export interface ClusterOptions {
  /** PostgreSQL connection string every platform process shares. */
  databaseUrl: string
  /** First of the loopback ports: the two balancers, then each server. */
  basePort: number
  /** Products the first platform seeds into an empty database: the catalog the build was made from. */
  seedProducts: number
  storefronts?: number
  platforms?: number
  /** The project folder holding the build (public/, .cache/); default the current folder. */
  siteDir?: string
  /** Where the haproxy configuration, its stats socket and every process's log go. */
  workDir: string
  /** haproxy's path; default HAPROXY, else the first haproxy on /usr/sbin, /usr/local/sbin or PATH. */
  haproxy?: string
  /** Progress lines (default: none). */
  log?: (line: string) => void
}

export interface Member {
  /** e.g. storefront-1, platform-2: also its server name in haproxy. */
  readonly name: string
  readonly kind: Kind
  readonly port: number
  readonly url: string
  /** The running process's id, undefined while it is down. */
  readonly pid: number | undefined
}

export interface ServerStat {
  backend: string
  server: string
  /** haproxy's status: UP, DOWN, "UP 1/2" (failing, not yet out), "DOWN 1/2" (recovering, not yet in), MAINT… */
  status: string
  /** Requests retried on this server, and redispatched from it to another. */
  retries: number
  redispatches: number
  responses5xx: number
}

export interface Cluster {
  /** The storefront's balancer: what a shopper's browser would reach. */
  readonly siteUrl: string
  /** The platform's balancer: what the storefront servers and the shopper's login, account and checkout pages reach. */
  readonly platformUrl: string
  readonly members: readonly Member[]
  member(name: string): Member
  /** SIGKILL: the process dies at once, in the middle of whatever it was doing. */
  kill(name: string): Promise<void>
  /** SIGTERM: requests in flight finish, then it exits. */
  stop(name: string): Promise<void>
  /** Starts a member that is down, on its port, and waits until it answers its health check. */
  start(name: string): Promise<void>
  /** haproxy's view of every server, from its stats socket (`show stat`). */
  servers(): Promise<ServerStat[]>
  /** Takes a running server out of its balancer (haproxy's maintenance), without stopping it. */
  exclude(name: string): Promise<void>
  /** Puts an excluded server back; resolves once haproxy reports it UP. */
  include(name: string): Promise<void>
  /** Waits until haproxy reports the server in this state; answers how long that took, in ms. */
  waitFor(name: string, status: 'UP' | 'DOWN' | 'MAINT', timeoutMs?: number): Promise<number>
  /** Resident memory in MB of each member and of haproxy. */
  memory(): Record<string, number>
  /** The process id of each member and of haproxy (undefined while down). */
  pids(): Record<string, number | undefined>
  readonly haproxyPid: number | undefined
  /** Stops everything: servers, platforms, haproxy. */
  close(): Promise<void>
}

/** The haproxy binary, or an error that says how to install it. */
export function findHaproxy(explicit = process.env.HAPROXY): string {
  const candidates = explicit ? [explicit] : ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', ...(process.env.PATH ?? '').split(':').filter(Boolean).map((dir) => path.join(dir, 'haproxy'))]
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error(`haproxy is not installed (looked for ${candidates.slice(0, 3).join(', ')}…): apt-get install -y haproxy`)
  // retry-on and the l7 retry rules need haproxy 2.0 or later.
  const version = /version (\d+)\.(\d+)/i.exec(execFileSync(found, ['-v'], { encoding: 'utf8' }))
  if (!version || Number(version[1]) < 2) throw new Error(`${found} is older than haproxy 2.0, which the cluster's retry rules need: apt-get install -y haproxy`)
  return found
}

export interface HaproxyLayout {
  host: string
  socket: string
  siteBalancerPort: number
  platformBalancerPort: number
  storefrontPorts: readonly number[]
  platformPorts: readonly number[]
}

/**
 * The generated haproxy configuration. Per group: round robin over its
 * servers; a health check every CHECKS.interMs (GET HEALTH[kind], 200
 * expected), so a dead server leaves after CHECKS.fall failures and a
 * restarted one returns after CHECKS.rise successes; a request whose
 * connection is refused is retried on another server (`option redispatch 1`),
 * whatever its method, since it never reached one; a GET or HEAD that found
 * its server dying (closed before any answer, a time-out) or answered 503 (a
 * server stopping, or one that cannot reach the platform) is retried too, as
 * reading twice changes nothing. Other methods
 * are never sent twice once they may have reached a server: an add to cart
 * must not be applied twice. Each answer names its server (X-Served-By),
 * which the test reads.
 */
export function haproxyConfig(layout: HaproxyLayout): string {
  const group = (kind: Kind, port: number, ports: readonly number[]) => `
frontend ${kind}
    bind ${layout.host}:${port}
    default_backend ${BACKEND[kind]}

backend ${BACKEND[kind]}
    balance roundrobin
    option httpchk GET ${HEALTH[kind]}
    http-check expect status 200
    http-request disable-l7-retry unless METH_GET || METH_HEAD
    http-response set-header X-Served-By %s
${ports.map((p, i) => `    server ${kind}-${i + 1} ${layout.host}:${p} check`).join('\n')}
`
  return `# Generated by scripts/cluster.ts: rewritten on every start.
global
    stats socket ${layout.socket} mode 600 level admin
    stats timeout 10s
    maxconn 4096
    log stderr format short local0 notice

defaults
    mode http
    log global
    option httplog
    option dontlog-normal
    option forwardfor
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout check 1s
    timeout http-keep-alive 10s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout 503
    default-server inter ${CHECKS.interMs}ms fastinter ${CHECKS.interMs}ms downinter ${CHECKS.interMs}ms fall ${CHECKS.fall} rise ${CHECKS.rise}
${group('storefront', layout.siteBalancerPort, layout.storefrontPorts)}${group('platform', layout.platformBalancerPort, layout.platformPorts)}`
}

/** Throws, naming the port, when one of them is taken. */
async function ensureFree(host: string, ports: readonly number[]): Promise<void> {
  for (const port of ports) {
    const server = createServer()
    const error = await new Promise<Error | null>((resolve) => {
      server.once('error', resolve)
      server.listen(port, host, () => resolve(null))
    })
    if (error) throw new Error(`port ${port} on ${host} is in use (${(error as NodeJS.ErrnoException).code}): choose other ports for the cluster`)
    await new Promise((resolve) => server.close(resolve))
  }
}

/** Resident memory of a process in MB (Linux /proc), NaN when it is gone. */
export function rssMb(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
  } catch {
    return NaN
  }
}

/** One command on haproxy's stats socket; answers its whole output. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket)
    let output = ''
    client.setEncoding('utf8')
    client.on('data', (chunk: string) => (output += chunk))
    client.on('end', () => resolve(output))
    client.on('error', reject)
    client.write(`${command}\n`)
  })
}

/** `show stat` CSV as objects, one per line. */
export function parseStat(csv: string): Record<string, string>[] {
  const [header = '', ...lines] = csv.trim().split('\n')
  const columns = header.replace(/^#\s*/, '').split(',')
  return lines.filter(Boolean).map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i] ?? String(i), value])))
}

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')
  } catch {
    return ''
  }
}

async function waitUntilHealthy(url: string, child: ChildProcess, logFile: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited = false
  const onExit = () => (exited = true)
  child.once('exit', onExit)
  try {
    while (Date.now() < deadline) {
      if (exited) throw new Error(`${url} exited before it answered:\n${logTail(logFile)}`)
      const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${logTail(logFile)}`)
  } finally {
    child.off('exit', onExit)
  }
}

function exitOf(child: ChildProcess | undefined, signal: NodeJS.Signals, forceAfterMs = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = once(child, 'exit').then(() => undefined)
  child.kill(signal)
  const force = setTimeout(() => child.kill('SIGKILL'), forceAfterMs)
  return exited.finally(() => clearTimeout(force))
}

/** Starts the cluster and answers once haproxy reports every server UP. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const host = '127.0.0.1'
  const haproxy = findHaproxy(options.haproxy)
  const siteDir = path.resolve(options.siteDir ?? process.cwd())
  const log = options.log ?? (() => undefined)
  const storefrontCount = options.storefronts ?? 2
  const platformCount = options.platforms ?? 2
  mkdirSync(options.workDir, { recursive: true })

  const siteBalancerPort = options.basePort
  const platformBalancerPort = options.basePort + 1
  const storefrontPorts = Array.from({ length: storefrontCount }, (_, i) => options.basePort + 2 + i)
  const platformPorts = Array.from({ length: platformCount }, (_, i) => options.basePort + 2 + storefrontCount + i)
  await ensureFree(host, [siteBalancerPort, platformBalancerPort, ...storefrontPorts, ...platformPorts])

  const siteUrl = `http://${host}:${siteBalancerPort}`
  const platformUrl = `http://${host}:${platformBalancerPort}`
  // Every platform process signs the form-token cookie with one secret: a login form served by one is accepted by another.
  const cookieSecret = randomBytes(32).toString('hex')
  // Every storefront server proves itself to every platform process with one secret, so the shopper's address it passes on counts.
  const proxySecret = process.env.PLATFORM_PROXY_SECRET?.trim() || newProxySecret()
  const envOf = (kind: Kind, port: number): NodeJS.ProcessEnv =>
    kind === 'storefront'
      ? { ...storefrontEnv(platformUrl, siteUrl, proxySecret), HOST: host, SITE_PORT: String(port), SITE_LOG_LEVEL: 'warn', TRUST_PROXY: host }
      : {
          ...process.env,
          NODE_ENV: 'production',
          HOST: host,
          PLATFORM_PORT: String(port),
          DATABASE_URL: options.databaseUrl,
          SEED_PRODUCTS: String(options.seedProducts),
          // Links and image URLs name the balancer, so every process answers the same.
          PLATFORM_PUBLIC_URL: platformUrl,
          PLATFORM_TRUSTED_ORIGINS: siteUrl,
          PLATFORM_COOKIE_SECRET: cookieSecret,
          PLATFORM_PROXY_SECRET: proxySecret,
          // The balancer is on loopback: its X-Forwarded-For names the shopper the login limits count. Here every
          // process shares that address, so any of them is believed too; a deployment's balancer has its own.
          PLATFORM_TRUST_PROXY: host,
          PLATFORM_LOG_LEVEL: 'warn',
        }

  interface Running extends Member {
    child: ChildProcess | undefined
    logFile: string
  }
  const members: Running[] = [
    ...storefrontPorts.map((port, i) => ({ kind: 'storefront' as const, port, name: `storefront-${i + 1}` })),
    ...platformPorts.map((port, i) => ({ kind: 'platform' as const, port, name: `platform-${i + 1}` })),
  ].map((m) => ({
    ...m,
    url: `http://${host}:${m.port}`,
    child: undefined,
    logFile: path.join(options.workDir, `${m.name}.log`),
    get pid() {
      return this.child?.pid
    },
  }))
  const byName = (name: string): Running => {
    const found = members.find((m) => m.name === name)
    if (!found) throw new Error(`no cluster member named ${name} (${members.map((m) => m.name).join(', ')})`)
    return found
  }

  let haproxyChild: ChildProcess | undefined
  const children = () => [...members.map((m) => m.child), haproxyChild].filter((c): c is ChildProcess => c !== undefined)
  // Should the caller die without closing, nothing it started outlives it.
  const killAll = () => children().forEach((c) => c.exitCode === null && c.kill('SIGKILL'))
  process.once('exit', killAll)

  const startMember = async (member: Running): Promise<void> => {
    if (member.child && member.child.exitCode === null && member.child.signalCode === null) throw new Error(`${member.name} is already running`)
    const fd = openSync(member.logFile, 'a')
    const started = Date.now()
    member.child = spawn(process.execPath, ['--import', 'tsx', SCRIPT[member.kind]], { cwd: siteDir, env: envOf(member.kind, member.port), stdio: ['ignore', fd, fd] })
    closeSync(fd)
    await waitUntilHealthy(`${member.url}${HEALTH[member.kind]}`, member.child, member.logFile)
    log(`${member.name} answers on ${member.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  }

  const socket = path.join(options.workDir, 'haproxy.sock')
  const servers = async (): Promise<ServerStat[]> =>
    parseStat(await ask(socket, 'show stat'))
      .filter((row) => row.svname !== 'FRONTEND' && row.svname !== 'BACKEND')
      .map((row) => ({
        backend: row.pxname ?? '',
        server: row.svname ?? '',
        status: row.status ?? '',
        retries: Number(row.wretr ?? 0),
        redispatches: Number(row.wredis ?? 0),
        responses5xx: Number(row.hrsp_5xx ?? 0),
      }))

  const waitFor = async (name: string, status: 'UP' | 'DOWN' | 'MAINT', timeoutMs = 15_000): Promise<number> => {
    const started = Date.now()
    for (;;) {
      const server = (await servers()).find((s) => s.server === name)
      if (server?.status === status) return Date.now() - started
      if (Date.now() - started > timeoutMs) throw new Error(`haproxy still reports ${name} as ${server?.status ?? 'unknown'} after ${timeoutMs / 1000} s, not ${status}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  const close = async () => {
    await Promise.all(members.filter((m) => m.kind === 'storefront').map((m) => exitOf(m.child, 'SIGTERM')))
    await Promise.all(members.filter((m) => m.kind === 'platform').map((m) => exitOf(m.child, 'SIGTERM')))
    await exitOf(haproxyChild, 'SIGTERM')
    process.off('exit', killAll)
  }

  try {
    // The first platform migrates and seeds an empty database alone; the others find it ready.
    const [first, ...rest] = members.filter((m) => m.kind === 'platform')
    if (first) await startMember(first)
    await Promise.all([...rest, ...members.filter((m) => m.kind === 'storefront')].map(startMember))

    const config = path.join(options.workDir, 'haproxy.cfg')
    writeFileSync(config, haproxyConfig({ host, socket, siteBalancerPort, platformBalancerPort, storefrontPorts, platformPorts }))
    try {
      execFileSync(haproxy, ['-c', '-q', '-f', config], { encoding: 'utf8', stdio: 'pipe' })
    } catch (error) {
      throw new Error(`haproxy refused the generated configuration ${config}: ${(error as { stderr?: string }).stderr ?? error}`)
    }
    const haproxyLog = path.join(options.workDir, 'haproxy.log')
    const fd = openSync(haproxyLog, 'a')
    haproxyChild = spawn(haproxy, ['-db', '-f', config], { stdio: ['ignore', fd, fd] })
    closeSync(fd)
    await waitUntilHealthy(`${siteUrl}${HEALTH.storefront}`, haproxyChild, haproxyLog, 30_000)
    for (const member of members) await waitFor(member.name, 'UP')
    log(`haproxy balances ${siteUrl} over ${storefrontCount} storefront servers and ${platformUrl} over ${platformCount} platform processes`)
  } catch (error) {
    await close().catch(() => undefined)
    throw error
  }

  return {
    siteUrl,
    platformUrl,
    members,
    member: byName,
    async kill(name) {
      await exitOf(byName(name).child, 'SIGKILL')
    },
    async stop(name) {
      await exitOf(byName(name).child, 'SIGTERM')
    },
    start: (name) => startMember(byName(name)),
    servers,
    waitFor,
    async exclude(name) {
      const member = byName(name)
      await ask(socket, `disable server ${BACKEND[member.kind]}/${member.name}`)
      await waitFor(name, 'MAINT')
    },
    async include(name) {
      const member = byName(name)
      await ask(socket, `enable server ${BACKEND[member.kind]}/${member.name}`)
      await waitFor(name, 'UP')
    },
    pids: () => Object.fromEntries([...members.map((m): [string, number | undefined] => [m.name, m.pid]), ['haproxy', haproxyChild?.pid]]),
    memory: () => Object.fromEntries([...members.map((m): [string, number] => [m.name, rssMb(m.pid)]), ['haproxy', rssMb(haproxyChild?.pid)]]),
    get haproxyPid() {
      return haproxyChild?.pid
    },
    close,
  }
}

/** Whether siteDir holds a build the production server can serve, deferred pages included. */
export function hasBuild(siteDir = process.cwd()): boolean {
  return ['public/index.html', '.cache/functions/manifest.json', '.cache/page-ssr/index.js', '.cache/query-engine/index.js'].every((file) => existsSync(path.join(siteDir, file)))
}

export interface BuildCatalog {
  /** Slugs of the products whose pages the build made ahead of time. */
  prebuilt: string[]
  /** Slugs of the catalog's other products: their pages are rendered on first request (deferred). */
  deferred: string[]
}

/**
 * Checks the build was made from the catalog the cluster's platforms serve
 * (same seed, same SEED_PRODUCTS): every product page in public/ must be a
 * product of the catalog, or the pages would show products the cluster's
 * carts do not know.
 */
export async function checkBuildCatalog(platformUrl: string, siteDir = process.cwd()): Promise<BuildCatalog> {
  const slugs: string[] = []
  for (let page = 0; ; page += 1) {
    const answer = (await (await fetch(`${platformUrl}/api/catalog/products?page=${page}&pageSize=500`)).json()) as { items: { slug: string }[] }
    slugs.push(...answer.items.map((item) => item.slug))
    if (answer.items.length < 500) break
  }
  const publicDir = path.join(siteDir, 'public')
  const prebuilt = readdirSync(publicDir).filter((dir) => existsSync(path.join(publicDir, dir, 'p', 'index.html')))
  const catalog = new Set(slugs)
  const strangers = prebuilt.filter((slug) => !catalog.has(slug))
  if (strangers.length > 0 || prebuilt.length === 0) {
    throw new Error(
      `the build in ${publicDir} was not made from the cluster's catalog of ${slugs.length} products (${strangers.length} of its ${prebuilt.length} product pages are not in it, e.g. ${strangers[0] ?? 'none'}): ` +
        'build again from the same seed and SEED_PRODUCTS, or seed the cluster with the catalog the build was made from',
    )
  }
  const built = new Set(prebuilt)
  return { prebuilt, deferred: slugs.filter((slug) => !built.has(slug)) }
}
