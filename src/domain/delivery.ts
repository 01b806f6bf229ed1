/**
 * The home-delivery estimate of spec §9: 3 to 6 days, or up to 4 working
 * days for products picked from the fast-picking stock.
 */
import type { DeliveryConfig } from '../config/store'

export type DeliveryEstimate = { kind: 'days'; min: number; max: number } | { kind: 'workingDays'; max: number }

export function deliveryEstimate(product: { fastPicking: boolean }, config: Pick<DeliveryConfig, 'minDays' | 'maxDays' | 'maxWorkingDays'>): DeliveryEstimate {
  return product.fastPicking ? { kind: 'workingDays', max: config.maxWorkingDays } : { kind: 'days', min: config.minDays, max: config.maxDays }
}
