import { clientKey, counted, delaySeconds, LOGIN_THROTTLE, type ThrottleRule } from './throttle'

const rule: ThrottleRule = { free: 5, leakSeconds: 600, maxDelaySeconds: 900 }

describe('the throttle', () => {
  it('asks no wait below the free failures, then doubles it from 2 s up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8, 13, 14, 50].map((n) => delaySeconds(n, rule))).toEqual([0, 0, 2, 4, 8, 16, 512, 900, 900])
    expect(delaySeconds(50, LOGIN_THROTTLE.account)).toBe(LOGIN_THROTTLE.account.maxDelaySeconds)
  })

  it('lets one failure stop counting per leak period, counting one only just begun as whole', () => {
    expect(counted(5, 0.01, rule)).toBe(5)
    expect(counted(5, 600, rule)).toBe(4)
    expect(counted(5, 3000, rule)).toBe(0)
    expect(counted(5, 9000, rule)).toBe(0)
  })

  it('keys an IPv4 client by its address and an IPv6 one by its /64', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5')
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:0db8:0001:0002::7')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})
