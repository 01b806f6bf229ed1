import { pageCacheBytes, readServerConfig } from './config'
import { pagePolicy } from './security'

/** The `img-src` directive of the pages' policy under a configuration. */
const imageSources = (env: NodeJS.ProcessEnv) =>
  pagePolicy(readServerConfig(env, '/nowhere').security, [])
    .split('; ')
    .find((directive) => directive.startsWith('img-src '))
const vtex = { COMMERCE: 'vtex', COMMERCE_LOYALTY: 'embedded', VTEX_ACCOUNT: 'petstore', VTEX_STORE_URL: 'https://www.example.it' }

describe('readServerConfig', () => {
  it("lets pages send to the error-reporting service's origin, taken from the DSN without its key", () => {
    const config = readServerConfig({ GATSBY_SENTRY_DSN: 'https://publickey@o1.ingest.errors.example/42', CSP_CONNECT_ORIGINS: 'https://maps.example' }, '/nowhere')
    expect(config.security.connectOrigins).toEqual(['https://o1.ingest.errors.example', 'https://maps.example'])
  })

  it("lets pages hand off to a VTEX store's secure domain (checkout form posts, VTEX ID's logout)", () => {
    const security = readServerConfig({ GATSBY_COMMERCE_PLATFORM: 'vtex', GATSBY_SECURE_SUBDOMAIN: 'https://secure.example.it/' }, '/nowhere').security
    expect(security.platformOrigins).toContain('https://secure.example.it')
  })

  it('adds nothing when no reporting service is configured', () => {
    expect(readServerConfig({}, '/nowhere').security.connectOrigins).toEqual([])
  })

  it('opens the CSP to the tag manager only when a container is configured (req CONSENT-06)', () => {
    const none = readServerConfig({ GATSBY_GTM_ORIGIN: 'https://www.googletagmanager.com' }, '/nowhere').security
    expect(none.scriptSources).toEqual([])
    expect(none.connectOrigins).toEqual([])
    const google = readServerConfig({ GATSBY_GTM_ID: 'GTM-AB12CD3' }, '/nowhere').security
    expect(google.scriptSources).toEqual(['https://www.googletagmanager.com'])
    expect(google.connectOrigins).toEqual(['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'])
    const standIn = readServerConfig({ GATSBY_GTM_ID: 'GTM-E2ETEST', GATSBY_GTM_ORIGIN: 'http://127.0.0.1:9372/' }, '/nowhere').security
    expect(standIn.scriptSources).toEqual(['http://127.0.0.1:9372'])
    expect(standIn.connectOrigins).toEqual(['http://127.0.0.1:9372'])
  })

  it('loads nothing for a malformed container id, and refuses a plain-http tag manager off loopback', () => {
    expect(readServerConfig({ GATSBY_GTM_ID: 'GTM-<script>' }, '/nowhere').security.scriptSources).toEqual([])
    expect(() => readServerConfig({ GATSBY_GTM_ID: 'GTM-AB12CD3', GATSBY_GTM_ORIGIN: 'http://tags.example' }, '/nowhere')).toThrow(/https/)
  })
})

describe('the pages’ img-src', () => {
  it('opens the VTEX account’s asset hosts and those VTEX_IMAGE_HOSTS lists when VTEX serves the shop, and nothing else', () => {
    expect(imageSources(vtex)).toBe("img-src 'self' data: http://127.0.0.1:9100 https://petstore.vtexassets.com https://petstore.vteximg.com.br")
    expect(imageSources({ ...vtex, VTEX_IMAGE_HOSTS: 'https://seller.vtexassets.com, https://*.cdn.example.it/' })).toBe(
      "img-src 'self' data: http://127.0.0.1:9100 https://petstore.vtexassets.com https://petstore.vteximg.com.br https://seller.vtexassets.com https://*.cdn.example.it",
    )
    // One capability on VTEX is enough: its pictures are on the pages.
    expect(imageSources({ COMMERCE_CART: 'vtex', VTEX_ACCOUNT: 'petstore' })).toContain('https://petstore.vtexassets.com')
    // When VTEX serves nothing the policy stays as tight as the embedded platform's pictures need.
    const embedded = "img-src 'self' data: http://127.0.0.1:9100"
    expect(imageSources({})).toBe(embedded)
    expect(imageSources({ VTEX_ACCOUNT: 'petstore', VTEX_IMAGE_HOSTS: 'https://cdn.example.it' })).toBe(embedded)
    const everyCapabilityEmbedded = { COMMERCE_CATALOG: 'embedded', COMMERCE_CART: 'embedded', COMMERCE_IDENTITY: 'embedded', COMMERCE_STORES: 'embedded', COMMERCE_LOYALTY: 'embedded' }
    expect(imageSources({ ...vtex, ...everyCapabilityEmbedded })).toBe(embedded)
  })

  it('refuses an account name or extra host that would write another source or directive into the policy', () => {
    for (const account of ['petstore; script-src *', 'pet store', "petstore 'unsafe-inline'"]) {
      expect(() => readServerConfig({ ...vtex, VTEX_ACCOUNT: account }, '/nowhere')).toThrow(/VTEX_ACCOUNT must be the account name/)
    }
    for (const hosts of ['https://cdn.example.it;script-src https://evil.example', 'https://cdn.example.it script-src', "'unsafe-inline'", 'https://cdn.example.it/pictures', 'http://cdn.example.it', 'https://cdn.example.it,data:']) {
      expect(() => readServerConfig({ ...vtex, VTEX_IMAGE_HOSTS: hosts }, '/nowhere')).toThrow(/VTEX_IMAGE_HOSTS must list https origins/)
    }
    // A wildcard on VTEX's own domains would let in every VTEX store's uploads.
    for (const hosts of ['https://*.vtexassets.com', 'https://*.vteximg.com.br', 'https://*.com.br']) {
      expect(() => readServerConfig({ ...vtex, VTEX_IMAGE_HOSTS: hosts }, '/nowhere')).toThrow(/account by account/)
    }
    expect(() => readServerConfig({ COMMERCE: 'vtex' }, '/nowhere')).toThrow(/VTEX_ACCOUNT must be set/)
  })
})

describe('pageCacheBytes', () => {
  it('is 32 MB unless SITE_PAGE_CACHE_MB says otherwise, 0 keeping no page in memory', () => {
    expect(pageCacheBytes({})).toBe(32 * 1024 * 1024)
    expect(pageCacheBytes({ SITE_PAGE_CACHE_MB: '8' })).toBe(8 * 1024 * 1024)
    expect(pageCacheBytes({ SITE_PAGE_CACHE_MB: '0' })).toBe(0)
  })

  it('stops the server on anything but a whole number of megabytes, naming the variable', () => {
    for (const raw of ['-1', '1.5', 'lots', '5000']) expect(() => pageCacheBytes({ SITE_PAGE_CACHE_MB: raw })).toThrow(/SITE_PAGE_CACHE_MB must be a whole number from 0 to 4096/)
  })
})
