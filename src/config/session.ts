/**
 * Session defaults (spec §1, §3). The shop runs on the Italian defaults; the
 * generic baseline is what an unconfigured FastStore starter would use and is
 * kept so a second storefront can start from it.
 */
export interface Currency {
  code: string
  symbol: string
}

export interface Person {
  id: string
  email: string
  givenName: string
  familyName: string
}

export interface Session {
  locale: string
  currency: Currency
  country: string
  /** JSON string holding salesChannel and regionId. */
  channel: string
  deliveryMode: null
  addressType: string | null
  postalCode: string | null
  geoCoordinates: { latitude: number; longitude: number } | null
  person: Person | null
}

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
