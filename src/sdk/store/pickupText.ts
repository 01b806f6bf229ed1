/** The pickup a store offers, in the shopper's words (spec §4 categories, §5 duration text). */
import { texts } from '../../config/texts'
import { pickupDuration } from '../../domain/pickup'
import { distanceKm } from '../../domain/store'
import type { StoreView } from '../../wire/store'

const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`

export function pickupText(pickup: StoreView['pickup']): string {
  const t = texts.stores.pickup
  if (pickup.category === 'Default' || !pickup.time || !pickup.date) return t.Default
  switch (pickup.category) {
    case 'FastTimeMinLimitHours': {
      const duration = pickupDuration(pickup.waitMinutes ?? 0)
      if (!duration) return t.todayAt(pickup.time)
      if (duration.unit === 'minutes') return t.minutes(duration.value)
      return duration.value === 1 ? t.oneHour : t.hours(duration.value)
    }
    case 'FastTimeMoreThanMinLimitHours':
      return t.todayAt(pickup.time)
    case 'FastTimeAfterOpen':
      return t.tomorrowAt(pickup.time)
    case 'SlowTime':
      return t.dateAt(shortDate(pickup.date), pickup.time)
  }
}

export function todayText(today: StoreView['today']): string {
  return today.hours ? texts.stores.todayHours(today.hours.open, today.hours.close) : texts.stores.todayClosed
}

export function distanceText(metres: number | null): string | null {
  return metres === null ? null : texts.stores.distance(distanceKm(metres))
}
