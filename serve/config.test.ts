import { readServerConfig } from './config'

describe('readServerConfig', () => {
  it("lets pages send to the error-reporting service's origin, taken from the DSN without its key", () => {
    const config = readServerConfig({ GATSBY_SENTRY_DSN: 'https://publickey@o1.ingest.errors.example/42', CSP_CONNECT_ORIGINS: 'https://maps.example' }, '/nowhere')
    expect(config.security.connectOrigins).toEqual(['https://o1.ingest.errors.example', 'https://maps.example'])
  })

  it('adds nothing when no reporting service is configured', () => {
    expect(readServerConfig({}, '/nowhere').security.connectOrigins).toEqual([])
  })
})
