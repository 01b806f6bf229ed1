/**
 * Pickup timing (req PICKUP-02 to PICKUP-07): when a store can have an order ready, in
 * the store's time zone (Europe/Rome), and how that is shown. Pure: "now" and
 * every setting are arguments, so the rules are tested at their boundaries.
 */

export const PICKUP_TIME_ZONE = 'Europe/Rome'

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** Opening hours of one day, "HH:MM"; a close of "00:00" or "24:00" is midnight at the end of the day. */
export type DayHours = { open: string; close: string } | null
/**
 * A store's hours on each day of the week; the Functions' store schema
 * (src/wire/store.ts) is built from WEEKDAYS. The platform's wire describes
 * the same week for itself (platform/wire-stores.ts), as it imports nothing
 * of the storefront; the embedded adapter answers the platform's stores as
 * StoreRecord, so the compiler keeps the two alike.
 */
export type WeekHours = Record<Weekday, DayHours>
/** A day whose hours differ from the week's (a holiday, a late opening): date "YYYY-MM-DD". */
export interface HoursException {
  date: string
  hours: DayHours
}

export type PickupCategory = 'Default' | 'FastTimeMinLimitHours' | 'FastTimeMoreThanMinLimitHours' | 'FastTimeAfterOpen' | 'SlowTime'
/**
 * How a pickup moment is shown (req PICKUP-06, the other enum): a Range of hours on
 * a day the shopper counts from today ("oggi dalle 15:00 alle 19:30", from
 * the ready time to the store's closing), or a Date when it is further off.
 */
export type PickupDisplay = 'Range' | 'Date'

export interface PickupSettings {
  /** Hours within which a same-day pickup counts as fast (config fast_picking); 0 turns fast pickup off. */
  fastPickingHours: number
  /** When set, every pickup is ready no sooner than this many hours from now (config black_friday_picking). */
  blackFridayPickingHours: number | null
}

/** The settings of the store configuration (fast_picking, black_friday_picking) as the timing rules take them. */
export function pickupSettingsOf(config: { fast_picking: number; black_friday_picking: number | null }): PickupSettings {
  return { fastPickingHours: config.fast_picking, blackFridayPickingHours: config.black_friday_picking }
}

export interface StoreTiming {
  hours: WeekHours
  exceptions: readonly HoursException[]
  /** Minutes to prepare an order from the store's own stock. */
  fastTime: number
  /** Minutes to bring an order the store does not stock. */
  slowTime: number
}

export interface PickupTiming {
  category: PickupCategory
  /** The moment the order is ready, rounded to the quarter hour; null for Default. */
  readyAt: Date | null
  /** Local date "YYYY-MM-DD" and time "HH:MM" of readyAt in Europe/Rome. */
  date: string | null
  time: string | null
}

export interface RomeClock {
  date: string
  weekday: Weekday
  /** Minutes since local midnight. */
  minutes: number
}

let clockFormat: Intl.DateTimeFormat | undefined
/**
 * Made on first use, not when the module loads: building a formatter with a
 * time zone loads the zone's rules, about 14 ms on a desktop core and four
 * times that on a phone, which landed in the page's first long task.
 */
function rome(): Intl.DateTimeFormat {
  clockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PICKUP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return clockFormat
}

/** The wall clock in Rome at an instant. */
export function romeClock(at: Date): RomeClock {
  const parts = Object.fromEntries(rome().formatToParts(at).map((p) => [p.type, p.value]))
  const date = `${parts.year}-${parts.month}-${parts.day}`
  return { date, weekday: weekdayOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

/**
 * The instant a Rome wall-clock time names. Minutes may reach 1440 (midnight
 * at the end of the day). A time skipped by the spring change (02:00–02:59)
 * counts as the same minutes after 02:00 in the new offset, i.e. 03:xx.
 */
export function romeInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const naive = Date.UTC(y, m - 1, d, 0, minutes)
  // Rome is UTC+1 or UTC+2; try both and keep the one that reads back right.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(naive - offsetHours * 3_600_000)
    const back = romeClock(candidate)
    if (back.date === addDays(date, Math.floor(minutes / 1440)) && back.minutes === minutes % 1440) return candidate
  }
  return new Date(naive - 3_600_000)
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!
}

/** "HH:MM" as minutes since midnight. */
export function parseClock(text: string): number {
  const [h, m] = text.split(':').map(Number) as [number, number]
  return h * 60 + m
}

export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** A day's opening as minutes; a close at or before the open (00:00) is midnight at the day's end. */
function openingOf(hours: DayHours): { open: number; close: number } | null {
  if (!hours) return null
  const open = parseClock(hours.open)
  let close = parseClock(hours.close)
  if (close <= open) close = 1440
  return { open, close }
}

/** The hours a store keeps on a date: its exception for that date, else its weekday's. */
export function hoursOn(store: Pick<StoreTiming, 'hours' | 'exceptions'>, date: string): DayHours {
  const exception = store.exceptions.find((e) => e.date === date)
  return exception ? exception.hours : store.hours[weekdayOf(date)]
}

/**
 * req PICKUP-04: pickup times round up to the quarter hour — minutes 1–14 to 15,
 * 16–29 to 30, 31–44 to 45, over 45 to the next hour; a whole quarter stays.
 * Takes and returns minutes since midnight (1440 is the next midnight).
 */
export function roundToQuarter(minutes: number): number {
  return Math.ceil(minutes / 15) * 15
}

/** A pickup duration of 1–45 minutes is shown in minutes, 46–119 as one hour, longer in whole hours (req PICKUP-05). */
export type DurationText = { unit: 'minutes'; value: number } | { unit: 'hours'; value: number }

export function pickupDuration(minutes: number): DurationText | null {
  if (!(minutes >= 1)) return null
  if (minutes <= 45) return { unit: 'minutes', value: Math.round(minutes) }
  if (minutes < 120) return { unit: 'hours', value: 1 }
  return { unit: 'hours', value: Math.floor(minutes / 60) }
}

const SEARCH_DAYS = 14

/**
 * The first moment at or after the instant `from` at which the
 * store is open and `prepare` minutes of work (elapsed time, so a
 * daylight-saving change counts as it passes) can end before it closes; the
 * end is rounded up to the quarter hour. Null when no such day in two weeks.
 */
function firstReady(store: StoreTiming, from: Date, prepare: number): Ready | null {
  const fromClock = romeClock(from)
  for (let offset = 0; offset < SEARCH_DAYS; offset++) {
    const date = addDays(fromClock.date, offset)
    const opening = openingOf(hoursOn(store, date))
    if (!opening) continue
    const startsNow = offset === 0 && fromClock.minutes >= opening.open
    if (startsNow && fromClock.minutes >= opening.close) continue
    const start = startsNow ? from : romeInstant(date, opening.open)
    const endInstant = new Date(start.getTime() + prepare * 60_000)
    const end = romeClock(endInstant)
    const endMinutes = end.minutes + 1440 * daysBetween(date, end.date)
    const ready = roundToQuarter(endMinutes)
    if (ready <= opening.close) return { date, minutes: ready, at: new Date(endInstant.getTime() + (ready - endMinutes) * 60_000) }
  }
  return null
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

const DEFAULT_TIMING: PickupTiming = { category: 'Default', readyAt: null, date: null, time: null }

interface Ready {
  date: string
  minutes: number
  at: Date
}

function timingAt(category: PickupCategory, ready: Ready): PickupTiming {
  const date = ready.minutes >= 1440 ? addDays(ready.date, 1) : ready.date
  return { category, readyAt: ready.at, date, time: formatClock(ready.minutes) }
}

/**
 * The pickup timing categories (req PICKUP-02, PICKUP-03), for an order placed `now`:
 * - FastTimeMinLimitHours: the store has every item and has it ready today within `fastPickingHours`;
 * - FastTimeMoreThanMinLimitHours: ready today, later than that;
 * - FastTimeAfterOpen: ready tomorrow (the store is closed or about to close today);
 * - SlowTime: the store lacks an item, fast pickup is off, black_friday_picking is set, or the first day is after tomorrow;
 * - Default: the store opens on no day in the next two weeks.
 */
export function pickupTiming(now: Date, store: StoreTiming, inStock: boolean, settings: PickupSettings): PickupTiming {
  const today = romeClock(now).date

  if (settings.blackFridayPickingHours !== null) {
    const ready = firstReady(store, new Date(now.getTime() + settings.blackFridayPickingHours * 3_600_000), 0)
    return ready ? timingAt('SlowTime', ready) : DEFAULT_TIMING
  }
  if (!inStock || settings.fastPickingHours <= 0) {
    const ready = firstReady(store, new Date(now.getTime() + store.slowTime * 60_000), 0)
    return ready ? timingAt('SlowTime', ready) : DEFAULT_TIMING
  }

  const ready = firstReady(store, now, store.fastTime)
  if (!ready) return DEFAULT_TIMING
  if (ready.date === today) {
    const waitMinutes = (ready.at.getTime() - now.getTime()) / 60_000
    return timingAt(waitMinutes <= settings.fastPickingHours * 60 ? 'FastTimeMinLimitHours' : 'FastTimeMoreThanMinLimitHours', ready)
  }
  if (ready.date === addDays(today, 1)) return timingAt('FastTimeAfterOpen', ready)
  return timingAt('SlowTime', ready)
}

/** Whether the store is open at an instant, and today's hours (null when closed all day). */
export function todayHours(store: Pick<StoreTiming, 'hours' | 'exceptions'>, now: Date): { hours: DayHours; openNow: boolean } {
  const clock = romeClock(now)
  const hours = hoursOn(store, clock.date)
  const opening = openingOf(hours)
  return { hours, openNow: opening !== null && clock.minutes >= opening.open && clock.minutes < opening.close }
}

export type PickupMoment =
  | { display: 'Range'; day: 'today' | 'tomorrow'; from: string; to: string }
  | { display: 'Date'; date: string; weekday: Weekday }

/**
 * The Range or Date a pickup is shown as: ready today or tomorrow is a Range
 * from the ready time to that day's closing (midnight reads 24:00); SlowTime
 * is the Date it is ready from; Default has no moment (null). The shopper
 * reads FastTimeMinLimitHours as its duration (req PICKUP-05) when it is known.
 */
export function pickupMoment(timing: Pick<PickupTiming, 'category' | 'date' | 'time'>, store: Pick<StoreTiming, 'hours' | 'exceptions'>): PickupMoment | null {
  const { category, date, time } = timing
  if (!date || !time) return null
  if (category === 'SlowTime') return { display: 'Date', date, weekday: weekdayOf(date) }
  if (category === 'Default') return null
  const opening = openingOf(hoursOn(store, date))
  const to = opening ? (opening.close === 1440 ? '24:00' : formatClock(opening.close)) : time
  return { display: 'Range', day: category === 'FastTimeAfterOpen' ? 'tomorrow' : 'today', from: time, to }
}

/** A pickup as it travels and is stored: the timing with readyAt as ISO text and the minutes left until then. */
export interface PickupAt {
  category: PickupCategory
  date: string | null
  time: string | null
  readyAt: string | null
  waitMinutes: number | null
}

export function pickupAt(timing: PickupTiming, now: Date): PickupAt {
  return {
    category: timing.category,
    date: timing.date,
    time: timing.time,
    readyAt: timing.readyAt?.toISOString() ?? null,
    waitMinutes: timing.readyAt ? Math.round((timing.readyAt.getTime() - now.getTime()) / 60_000) : null,
  }
}
