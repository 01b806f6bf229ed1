/**
 * Session defaults (req CONF-01, CONF-02). The shop runs on the Italian defaults; the
 * generic baseline is what an unconfigured FastStore starter would use and is
 * kept so a second storefront can start from it.
 */
import type { Session, SessionPerson } from '@faststore/sdk'

export type { Session }
export type Person = SessionPerson

export interface Channel {
  salesChannel: string
  regionId: string
}

export function channelString(channel: Channel): string {
  return JSON.stringify({ salesChannel: channel.salesChannel, regionId: channel.regionId })
}

export const defaultSession: Session = {
  locale: 'it-IT',
  currency: { code: 'EUR', symbol: '€' },
  country: 'ITA',
  channel: channelString({ salesChannel: '1', regionId: '' }),
  deliveryMode: null,
  addressType: null,
  postalCode: null,
  geoCoordinates: null,
  person: null,
}

export const baselineSession: Session = {
  ...defaultSession,
  locale: 'en-US',
  currency: { code: 'USD', symbol: '$' },
  country: 'USA',
}

/** Language of the baseline storefront. */
export const baselineLanguage = 'en'
