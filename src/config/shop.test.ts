import { baselineLanguage, defaultSession, baselineSession } from './session'
import { checkoutHref, handOffConfig, loginHref, providerLogoutHref, shopConfig } from './shop'

describe('store configuration', () => {
  it('points the external addresses at the embedded platform by default', () => {
    expect(shopConfig.checkoutUrl).toBe('http://127.0.0.1:9100/checkout')
    expect(shopConfig.loginUrl).toBe('http://127.0.0.1:9100/login')
    expect(shopConfig.accountUrl).toBe('http://127.0.0.1:9100/account')
    expect(shopConfig.registrationUrl).toBe('http://127.0.0.1:9100/register')
  })

  it('builds the checkout address with orderFormId and #/orderform', () => {
    expect(checkoutHref('abc-123')).toBe('http://127.0.0.1:9100/checkout?orderFormId=abc-123#/orderform')
  })

  it('hands a VTEX store off to its secure domain: /checkout/?orderFormId=…#/orderform, VTEX ID’s login and logout, the account', () => {
    const env: Record<string, string> = { GATSBY_COMMERCE_PLATFORM: 'vtex', GATSBY_SECURE_SUBDOMAIN: 'https://secure.example.it/' }
    const vtex = handOffConfig((name) => env[name], 'http://127.0.0.1:9100')
    expect(vtex).toMatchObject({ platform: 'vtex', secureSubdomain: 'https://secure.example.it', loginUrl: 'https://secure.example.it/login', accountUrl: 'https://secure.example.it/account' })
    expect(checkoutHref('ede846222cd44046ba6c638442c3505a', vtex)).toBe('https://secure.example.it/checkout/?orderFormId=ede846222cd44046ba6c638442c3505a#/orderform')
    expect(providerLogoutHref('https://www.example.it/', { ...vtex, account: 'petstore' })).toBe('https://secure.example.it/api/vtexid/pub/logout?scope=petstore&returnUrl=https%3A%2F%2Fwww.example.it%2F')
    // An address set on its own still wins, and the embedded platform keeps its pages.
    const own: Record<string, string> = { ...env, GATSBY_CHECKOUT_URL: 'https://pay.example.it/checkout/' }
    expect(handOffConfig((name) => own[name], 'http://127.0.0.1:9100').checkoutUrl).toBe('https://pay.example.it/checkout/')
    expect(handOffConfig(() => undefined, 'http://127.0.0.1:9100')).toMatchObject({ platform: 'embedded', checkoutUrl: 'http://127.0.0.1:9100/checkout', providerLogoutUrl: 'http://127.0.0.1:9100/logout' })
  })

  it('builds the provider logout with scope and returnUrl, and login with returnUrl', () => {
    const logout = new URL(providerLogoutHref('http://127.0.0.1:9000/'))
    expect(logout.searchParams.get('scope')).toBe(shopConfig.account)
    expect(logout.searchParams.get('returnUrl')).toBe('http://127.0.0.1:9000/')
    expect(new URL(loginHref('/account')).searchParams.get('returnUrl')).toBe('/account')
  })

  it('has the Italian session defaults and the generic baseline', () => {
    expect(defaultSession).toMatchObject({ locale: 'it-IT', currency: { code: 'EUR', symbol: '€' }, country: 'ITA', postalCode: null, person: null })
    expect(JSON.parse(defaultSession.channel!)).toEqual({ salesChannel: '1', regionId: '' })
    expect(baselineSession).toMatchObject({ currency: { code: 'USD' }, country: 'USA' })
  })

  it("keeps the generic baseline's language and every configuration field", () => {
    expect(baselineLanguage).toBe('en')
    expect(baselineSession).toMatchObject({ locale: 'en-US', currency: { code: 'USD', symbol: '$' } })
    for (const field of [
      'account',
      'apiAccount',
      'workspace',
      'platform',
      'storeUrl',
      'secureSubdomain',
      'checkoutUrl',
      'loginUrl',
      'accountUrl',
      'registrationUrl',
      'delivery',
      'fast_picking',
      'black_friday_picking',
      'lp_for_app',
      'must_show_scalapay',
    ]) {
      expect(shopConfig).toHaveProperty(field)
    }
  })

  it("carries the shop's configured delivery, picking and payment values", () => {
    const { delivery } = shopConfig
    expect([delivery.minDays, delivery.maxDays, delivery.maxWorkingDays]).toEqual([3, 6, 4])
    // Sarzana, in Liguria.
    expect(delivery.defaultPostalCode).toBe('19038')
    expect({ hide: delivery.hideUnavailableItems, newLogic: delivery.invalidDateNewLogic }).toEqual({ hide: false, newLogic: true })
    expect(shopConfig).toMatchObject({ fast_picking: 1, black_friday_picking: null, must_show_scalapay: true, lp_for_app: '/fromApp' })
  })
})
