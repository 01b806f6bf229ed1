/**
 * The home-delivery estimate (req PICKUP-14, CONST-11): 3 to 6 days, or up to 4 working
 * days for products picked from the fast-picking stock.
 */
import type { DeliveryConfig } from '../config/shop'

export type DeliveryEstimate = ({ kind: 'days'; min: number; max: number } | { kind: 'workingDays'; max: number }) & {
  /** The postal code the estimate is for: the shopper's once they gave one, the default Ligurian one until then. */
  postalCode: string
}

const POSTAL_CODE = /^\d{5}$/

export function deliveryEstimate(
  product: { fastPicking: boolean },
  config: Pick<DeliveryConfig, 'minDays' | 'maxDays' | 'maxWorkingDays' | 'defaultPostalCode'>,
  shopperPostalCode: string | null = null,
): DeliveryEstimate {
  const postalCode = shopperPostalCode && POSTAL_CODE.test(shopperPostalCode) ? shopperPostalCode : config.defaultPostalCode
  return product.fastPicking ? { kind: 'workingDays', max: config.maxWorkingDays, postalCode } : { kind: 'days', min: config.minDays, max: config.maxDays, postalCode }
}
