import { checkoutHref, handOffConfig, loginHref, providerLogoutHref } from '../../config/shop'
import { vtexHandoffVariables } from './handoff'
import { vtexSettings } from './settings'

const variables: Record<string, string> = vtexHandoffVariables(vtexSettings({ VTEX_ACCOUNT: 'petstore', VTEX_STORE_URL: 'https://www.example.it/' }))
const config = { ...handOffConfig((name) => variables[name], 'http://127.0.0.1:9100'), account: variables.GATSBY_STORE_ACCOUNT! }

it('hands checkout, login, account and logout to the store’s secure domain', () => {
  expect(checkoutHref('abc123', config)).toBe('https://www.example.it/checkout/?orderFormId=abc123#/orderform')
  // The login goes out and comes back through the storefront, which binds VTEX ID's cookie to its host (./login.ts).
  expect(loginHref('https://shop.example.it/account', config)).toBe('/api/account/login?returnUrl=https%3A%2F%2Fshop.example.it%2Faccount')
  expect(config.accountUrl).toBe('https://www.example.it/account')
  expect(config.account).toBe('petstore')
})

it('logs out through VTEX ID with the account as scope and the return address', () => {
  const href = new URL(providerLogoutHref('https://shop.example.it/', config))
  expect(href.origin + href.pathname).toBe('https://www.example.it/api/vtexid/pub/logout')
  expect(Object.fromEntries(href.searchParams)).toEqual({ scope: 'petstore', returnUrl: 'https://shop.example.it/' })
})
