/** The pickup a store offers, in the shopper's words (req PICKUP-02 categories, PICKUP-06 Range/Date display, PICKUP-05 duration text). */
import { storesTexts } from '../../config/texts/stores'
import { pickupDuration, pickupMoment, type HoursException } from '../../domain/pickup'
import { distanceKm } from '../../domain/store'
import type { StoreView } from '../../wire/store'

/** "YYYY-MM-DD" as "DD/MM". */
export const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`

/** What pickupText reads of a store: its pickup, and the hours that end a Range. */
export type PickupShown = Pick<StoreView, 'pickup' | 'hours'> & { exceptions?: readonly HoursException[] }

export function pickupText({ pickup, hours, exceptions = [] }: PickupShown): string {
  const t = storesTexts.pickup
  if (pickup.category === 'Default' || !pickup.time || !pickup.date) return t.Default
  if (pickup.category === 'FastTimeMinLimitHours') {
    const duration = pickupDuration(pickup.waitMinutes ?? 0)
    if (duration?.unit === 'minutes') return t.minutes(duration.value)
    if (duration) return duration.value === 1 ? t.oneHour : t.hours(duration.value)
  }
  const moment = pickupMoment(pickup, { hours, exceptions })
  if (!moment) return t.Default
  if (moment.display === 'Date') return t.fromDate(storesTexts.weekdays[moment.weekday].toLowerCase(), shortDate(moment.date))
  return moment.day === 'today' ? t.today(moment.from, moment.to) : t.tomorrow(moment.from, moment.to)
}

/** A preparation time in minutes (a store's fastTime or slowTime) in words: minutes, hours, or days past a day. */
export function preparationText(minutes: number): string {
  const duration = pickupDuration(minutes)
  if (!duration) return storesTexts.minutesText(0)
  if (duration.unit === 'minutes') return storesTexts.minutesText(duration.value)
  if (minutes < 24 * 60) return storesTexts.hoursText(duration.value)
  return storesTexts.daysText(Math.round(minutes / (24 * 60)))
}

export function todayText(today: StoreView['today']): string {
  return today.hours ? storesTexts.todayHours(today.hours.open, today.hours.close) : storesTexts.todayClosed
}

export function distanceText(metres: number | null): string | null {
  return metres === null ? null : storesTexts.distance(distanceKm(metres))
}
