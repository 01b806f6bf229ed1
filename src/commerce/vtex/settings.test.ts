import { vtexSettings } from './settings'

const base = { VTEX_ACCOUNT: 'petstore', VTEX_STORE_URL: 'https://www.example.it/' }

describe('the VTEX backend’s variables (req VTEX-01)', () => {
  it('defaults the environment, the sales channel and the API host from the account', () => {
    expect(vtexSettings(base)).toMatchObject({ account: 'petstore', environment: 'vtexcommercestable', salesChannel: '1', storeUrl: 'https://www.example.it', apiUrl: 'https://petstore.vtexcommercestable.com.br', pricingUrl: 'https://api.vtex.com/petstore', appKey: null, appToken: null })
  })

  it('sends the Pricing API to its own host, to VTEX_API_URL when that names one host for every API, or to VTEX_PRICING_URL', () => {
    expect(vtexSettings({ ...base, VTEX_API_URL: 'http://127.0.0.1:9200/' }).pricingUrl).toBe('http://127.0.0.1:9200')
    expect(vtexSettings({ ...base, VTEX_API_URL: 'http://127.0.0.1:9200', VTEX_PRICING_URL: 'https://pricing.example.it/' }).pricingUrl).toBe('https://pricing.example.it')
  })

  it('refuses a missing account or store domain, a malformed account, an insecure store domain and half an app key', () => {
    expect(() => vtexSettings({ VTEX_STORE_URL: 'https://www.example.it' })).toThrow(/VTEX_ACCOUNT must be set/)
    expect(() => vtexSettings({ VTEX_ACCOUNT: 'petstore' })).toThrow(/VTEX_STORE_URL must be set/)
    expect(() => vtexSettings({ ...base, VTEX_ACCOUNT: 'pet.store/x' })).toThrow(/VTEX_ACCOUNT/)
    expect(() => vtexSettings({ ...base, VTEX_STORE_URL: 'http://www.example.it' })).toThrow(/secure origin/)
    expect(() => vtexSettings({ ...base, VTEX_SALES_CHANNEL: 'uno' })).toThrow(/VTEX_SALES_CHANNEL/)
    expect(() => vtexSettings({ ...base, VTEX_APP_KEY: 'vtexappkey-x' })).toThrow(/set together/)
  })

  it('names the account’s image hosts, then VTEX_IMAGE_HOSTS, and refuses an extra host that is not an https origin', () => {
    expect(vtexSettings(base).imageOrigins).toEqual(['https://petstore.vtexassets.com', 'https://petstore.vteximg.com.br'])
    expect(vtexSettings({ ...base, VTEX_IMAGE_HOSTS: 'https://seller.vtexassets.com' }).imageOrigins).toEqual(['https://petstore.vtexassets.com', 'https://petstore.vteximg.com.br', 'https://seller.vtexassets.com'])
    expect(() => vtexSettings({ ...base, VTEX_IMAGE_HOSTS: 'https://cdn.example.it; script-src *' })).toThrow(/VTEX_IMAGE_HOSTS/)
  })

  it('never puts the app token in a message', () => {
    const token = 'SECRET-TOKEN-VALUE'
    const messages = [{ VTEX_TIMEOUT_MS: 'soon' }, { VTEX_ENVIRONMENT: 'bad host' }, { VTEX_APP_TOKEN: token }].map((extra) => {
      try {
        vtexSettings({ ...base, ...extra, VTEX_APP_TOKEN: token })
        return ''
      } catch (error) {
        return (error as Error).message
      }
    })
    expect(messages.join(' ')).not.toContain(token)
  })
})
