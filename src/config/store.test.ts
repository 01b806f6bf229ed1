import { defaultSession, baselineSession } from './session'
import { checkoutHref, loginHref, providerLogoutHref, storeConfig } from './store'

describe('store configuration', () => {
  it('points the external addresses at the embedded platform by default', () => {
    expect(storeConfig.checkoutUrl).toBe('http://127.0.0.1:9100/checkout')
    expect(storeConfig.loginUrl).toBe('http://127.0.0.1:9100/login')
    expect(storeConfig.accountUrl).toBe('http://127.0.0.1:9100/account')
    expect(storeConfig.registrationUrl).toBe('http://127.0.0.1:9100/register')
  })

  it('builds the checkout address with orderFormId and #/orderform', () => {
    expect(checkoutHref('abc-123')).toBe('http://127.0.0.1:9100/checkout?orderFormId=abc-123#/orderform')
  })

  it('builds the provider logout with scope and returnUrl, and login with returnUrl', () => {
    const logout = new URL(providerLogoutHref('http://127.0.0.1:9000/'))
    expect(logout.searchParams.get('scope')).toBe(storeConfig.account)
    expect(logout.searchParams.get('returnUrl')).toBe('http://127.0.0.1:9000/')
    expect(new URL(loginHref('/account')).searchParams.get('returnUrl')).toBe('/account')
  })

  it('has the Italian session defaults and the generic baseline', () => {
    expect(defaultSession).toMatchObject({ locale: 'it-IT', currency: { code: 'EUR', symbol: '€' }, country: 'ITA', postalCode: null, person: null })
    expect(JSON.parse(defaultSession.channel!)).toEqual({ salesChannel: '1', regionId: '' })
    expect(baselineSession).toMatchObject({ currency: { code: 'USD' }, country: 'USA' })
  })
})
