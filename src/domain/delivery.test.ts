import { deliveryEstimate } from './delivery'

const config = { minDays: 3, maxDays: 6, maxWorkingDays: 4, defaultPostalCode: '19038' }

describe('deliveryEstimate', () => {
  it('is 3 to 6 days, or up to 4 working days for a fast-picking product', () => {
    expect(deliveryEstimate({ fastPicking: false }, config)).toEqual({ kind: 'days', min: 3, max: 6, postalCode: '19038' })
    expect(deliveryEstimate({ fastPicking: true }, config)).toEqual({ kind: 'workingDays', max: 4, postalCode: '19038' })
  })

  it('is for the default Ligurian postal code until the shopper gives one, then for theirs', () => {
    expect(deliveryEstimate({ fastPicking: false }, config, null).postalCode).toBe('19038')
    expect(deliveryEstimate({ fastPicking: false }, config, '16121').postalCode).toBe('16121')
    expect(deliveryEstimate({ fastPicking: true }, config, '00184')).toEqual({ kind: 'workingDays', max: 4, postalCode: '00184' })
  })

  it('keeps the default for a postal code that is not five digits', () => {
    expect(deliveryEstimate({ fastPicking: false }, config, '').postalCode).toBe('19038')
    expect(deliveryEstimate({ fastPicking: false }, config, '1612').postalCode).toBe('19038')
    expect(deliveryEstimate({ fastPicking: false }, config, 'Genova').postalCode).toBe('19038')
  })
})
