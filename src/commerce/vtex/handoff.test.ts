import { checkoutHref, loginHref, providerLogoutHref } from '../../config/shop'
import { vtexHandoffVariables } from './handoff'
import { vtexSettings } from './settings'

const variables = vtexHandoffVariables(vtexSettings({ VTEX_ACCOUNT: 'petstore', VTEX_STORE_URL: 'https://www.example.it/' }))

it('hands checkout, login, account and logout to the store’s secure domain', () => {
  expect(checkoutHref('abc123', { checkoutUrl: variables.GATSBY_CHECKOUT_URL })).toBe('https://www.example.it/checkout/?orderFormId=abc123#/orderform')
  expect(loginHref('https://shop.example.it/account', { loginUrl: variables.GATSBY_LOGIN_URL })).toBe('https://www.example.it/login?returnUrl=https%3A%2F%2Fshop.example.it%2Faccount')
  expect(variables.GATSBY_ACCOUNT_URL).toBe('https://www.example.it/account')
  expect(variables.GATSBY_STORE_ACCOUNT).toBe('petstore')
})

it('logs out through VTEX ID with the account as scope and the return address', () => {
  const href = new URL(providerLogoutHref('https://shop.example.it/', { providerLogoutUrl: variables.GATSBY_PROVIDER_LOGOUT_URL, account: variables.GATSBY_STORE_ACCOUNT }))
  expect(href.origin + href.pathname).toBe('https://www.example.it/api/vtexid/pub/logout')
  expect(Object.fromEntries(href.searchParams)).toEqual({ scope: 'petstore', returnUrl: 'https://shop.example.it/' })
})
