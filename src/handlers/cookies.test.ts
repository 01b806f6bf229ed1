import type { GatsbyFunctionResponse } from 'gatsby'
import { cookieValues, serializeCookie, setIssuedCookies } from './cookies'

describe('cookies the platform issued', () => {
  it('are set HttpOnly, SameSite=Lax, for every path, Secure only when the platform said so', () => {
    expect(serializeCookie({ name: 'pf_cart', value: 'abc', maxAgeSeconds: 60, secure: false })).toBe('pf_cart=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax')
    expect(serializeCookie({ name: 'pf_cart', value: 'abc', maxAgeSeconds: 60, secure: true })).toBe('pf_cart=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure')
  })

  it('set nothing when the platform issued nothing', () => {
    const setHeader = jest.fn()
    const res = { setHeader } as unknown as GatsbyFunctionResponse
    setIssuedCookies(res, { cookie: 'pf_session=x' })
    setIssuedCookies(res, { issued: [] })
    expect(setHeader).not.toHaveBeenCalled()
    setIssuedCookies(res, { issued: [{ name: 'pf_cart', value: 'k', maxAgeSeconds: 1, secure: false }] })
    expect(setHeader).toHaveBeenCalledWith('Set-Cookie', ['pf_cart=k; Path=/; Max-Age=1; HttpOnly; SameSite=Lax'])
  })
})

describe('cookieValues', () => {
  it('reads every cookie of a Cookie header by its exact name, in the order sent: a planted one beside the browser\'s own makes two', () => {
    expect(cookieValues('pf_session=s; order_form=abc-1; x=', 'order_form')).toEqual(['abc-1'])
    expect(cookieValues('order_form=planted; pf_session=s; order_form=own', 'order_form')).toEqual(['planted', 'own'])
    expect(cookieValues('my_order_form=zz', 'order_form')).toEqual([])
    expect(cookieValues(undefined, 'order_form')).toEqual([])
  })
})
