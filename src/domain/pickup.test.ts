import { pickupAt, pickupDuration, pickupMoment, pickupSettingsOf, pickupTiming, romeClock, romeInstant, roundToQuarter, todayHours, type StoreTiming, type WeekHours } from './pickup'

const day = { open: '09:00', close: '19:30' }
const week: WeekHours = { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: null }
const store: StoreTiming = { hours: week, exceptions: [], fastTime: 30, slowTime: 48 * 60 }
const fast = { fastPickingHours: 1, blackFridayPickingHours: null }

/** An instant given as Rome wall clock on a date in November 2026 (CET, UTC+1). */
const rome = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`)
const WED = '2026-11-25'

describe('roundToQuarter', () => {
  it.each([
    [0, 0],
    [1, 15],
    [14, 15],
    [15, 15],
    [16, 30],
    [29, 30],
    [30, 30],
    [31, 45],
    [44, 45],
    [45, 45],
    [46, 60],
    [59, 60],
    [60, 60],
  ])('minute %i of the hour rounds to %i', (minute, rounded) => {
    expect(roundToQuarter(10 * 60 + minute)).toBe(10 * 60 + rounded)
  })

  it('rounds every minute of an hour up to the next quarter, never down', () => {
    for (let minute = 0; minute < 60; minute++) {
      const rounded = roundToQuarter(600 + minute) - 600
      expect(rounded % 15).toBe(0)
      expect(rounded).toBeGreaterThanOrEqual(minute)
      expect(rounded - minute).toBeLessThan(15)
    }
  })

  it('23:46 rounds to midnight at the end of the day', () => {
    expect(roundToQuarter(23 * 60 + 46)).toBe(1440)
  })
})

describe('pickupDuration', () => {
  it.each([
    [0, null],
    [1, { unit: 'minutes', value: 1 }],
    [30, { unit: 'minutes', value: 30 }],
    [45, { unit: 'minutes', value: 45 }],
    [46, { unit: 'hours', value: 1 }],
    [119, { unit: 'hours', value: 1 }],
    [120, { unit: 'hours', value: 2 }],
    [179, { unit: 'hours', value: 2 }],
  ])('%i minutes reads %j', (minutes, text) => {
    expect(pickupDuration(minutes)).toEqual(text)
  })
})

describe('pickupTiming categories', () => {
  it('FastTimeMinLimitHours: open now, ready within the fast_picking hour', () => {
    const t = pickupTiming(rome(WED, '10:00'), store, true, fast)
    expect(t).toMatchObject({ category: 'FastTimeMinLimitHours', date: WED, time: '10:30' })
  })

  it('the ready time is rounded to the quarter: 10:01 + 30 min is 10:45', () => {
    expect(pickupTiming(rome(WED, '10:01'), store, true, fast)).toMatchObject({ category: 'FastTimeMinLimitHours', time: '10:45' })
  })

  it('before opening: a wait of exactly the limit is still within it, one minute more is beyond it', () => {
    expect(pickupTiming(rome(WED, '08:30'), store, true, fast)).toMatchObject({ category: 'FastTimeMinLimitHours', time: '09:30' })
    expect(pickupTiming(rome(WED, '08:29'), store, true, fast)).toMatchObject({ category: 'FastTimeMoreThanMinLimitHours', time: '09:30' })
  })

  it('FastTimeMoreThanMinLimitHours: ready today beyond the limit', () => {
    const slowPrep = { ...store, fastTime: 90 }
    expect(pickupTiming(rome(WED, '12:00'), slowPrep, true, fast)).toMatchObject({ category: 'FastTimeMoreThanMinLimitHours', date: WED, time: '13:30' })
  })

  it('the last order of the day ends exactly at closing; a minute later is tomorrow (FastTimeAfterOpen)', () => {
    expect(pickupTiming(rome(WED, '19:00'), store, true, fast)).toMatchObject({ category: 'FastTimeMinLimitHours', time: '19:30' })
    expect(pickupTiming(rome(WED, '19:01'), store, true, fast)).toMatchObject({ category: 'FastTimeAfterOpen', date: '2026-11-26', time: '09:30' })
    expect(pickupTiming(rome(WED, '23:59'), store, true, fast)).toMatchObject({ category: 'FastTimeAfterOpen', date: '2026-11-26' })
  })

  it('SlowTime: the first open day is after tomorrow (Saturday evening, closed on Sunday)', () => {
    expect(pickupTiming(rome('2026-11-28', '19:45'), store, true, fast)).toMatchObject({ category: 'SlowTime', date: '2026-11-30', time: '09:30' })
  })

  it('SlowTime: the store lacks an item, so the slow time applies from now', () => {
    expect(pickupTiming(rome(WED, '10:00'), store, false, fast)).toMatchObject({ category: 'SlowTime', date: '2026-11-27', time: '10:00' })
  })

  it('SlowTime: fast_picking 0 turns fast pickup off', () => {
    expect(pickupTiming(rome(WED, '10:00'), store, true, { ...fast, fastPickingHours: 0 }).category).toBe('SlowTime')
  })

  it('black_friday_picking overrides every category with its own delay', () => {
    const t = pickupTiming(rome(WED, '10:00'), store, true, { ...fast, blackFridayPickingHours: 24 })
    expect(t).toMatchObject({ category: 'SlowTime', date: '2026-11-26', time: '10:00' })
    // lands on a Sunday: the next opening
    expect(pickupTiming(rome('2026-11-28', '10:00'), store, true, { ...fast, blackFridayPickingHours: 24 })).toMatchObject({ date: '2026-11-30', time: '09:00' })
  })

  it('Default: the store opens on no day in the next two weeks', () => {
    const closed: StoreTiming = { ...store, hours: { ...week, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null } }
    expect(pickupTiming(rome(WED, '10:00'), closed, true, fast)).toEqual({ category: 'Default', readyAt: null, date: null, time: null })
  })

  it('an exception closing today moves the pickup to tomorrow', () => {
    const holiday: StoreTiming = { ...store, exceptions: [{ date: WED, hours: null }] }
    expect(pickupTiming(rome(WED, '10:00'), holiday, true, fast)).toMatchObject({ category: 'FastTimeAfterOpen', date: '2026-11-26' })
    const late: StoreTiming = { ...store, exceptions: [{ date: WED, hours: { open: '14:00', close: '18:00' } }] }
    expect(pickupTiming(rome(WED, '10:00'), late, true, fast)).toMatchObject({ category: 'FastTimeMoreThanMinLimitHours', time: '14:30' })
  })

  it('a store closing at midnight takes orders ready by 24:00 today', () => {
    const lateDay = { open: '08:00', close: '00:00' }
    const late: StoreTiming = { ...store, fastTime: 45, hours: { ...week, wednesday: lateDay } }
    expect(pickupTiming(rome(WED, '23:15'), late, true, fast)).toMatchObject({ category: 'FastTimeMinLimitHours', date: '2026-11-26', time: '00:00' })
    expect(pickupTiming(rome(WED, '23:16'), late, true, fast)).toMatchObject({ category: 'FastTimeAfterOpen', date: '2026-11-26', time: '09:45' })
  })
})

describe('Europe/Rome and its daylight-saving days', () => {
  it('reads the wall clock across the spring change (29 March 2026, 02:00 CET → 03:00 CEST)', () => {
    expect(romeClock(new Date('2026-03-29T00:59:00Z'))).toMatchObject({ date: '2026-03-29', minutes: 1 * 60 + 59 })
    expect(romeClock(new Date('2026-03-29T01:00:00Z'))).toMatchObject({ date: '2026-03-29', minutes: 3 * 60 })
    expect(romeInstant('2026-03-28', 9 * 60).toISOString()).toBe('2026-03-28T08:00:00.000Z')
    expect(romeInstant('2026-03-29', 9 * 60).toISOString()).toBe('2026-03-29T07:00:00.000Z')
  })

  it('reads the wall clock across the autumn change (25 October 2026, 03:00 CEST → 02:00 CET)', () => {
    expect(romeClock(new Date('2026-10-25T00:30:00Z'))).toMatchObject({ date: '2026-10-25', minutes: 2 * 60 + 30 })
    expect(romeClock(new Date('2026-10-25T01:30:00Z'))).toMatchObject({ date: '2026-10-25', minutes: 2 * 60 + 30 })
    expect(romeInstant('2026-10-24', 9 * 60).toISOString()).toBe('2026-10-24T07:00:00.000Z')
    expect(romeInstant('2026-10-25', 9 * 60).toISOString()).toBe('2026-10-25T08:00:00.000Z')
  })

  const allDay = { open: '00:00', close: '00:00' }
  const open24: StoreTiming = {
    ...store,
    fastTime: 60,
    hours: { monday: allDay, tuesday: allDay, wednesday: allDay, thursday: allDay, friday: allDay, saturday: allDay, sunday: allDay },
  }

  it('spring day: an hour of preparation from 01:30 CET ends at 03:30 CEST, one real hour later', () => {
    const now = new Date('2026-03-29T00:30:00Z')
    const t = pickupTiming(now, open24, true, fast)
    expect(t).toMatchObject({ category: 'FastTimeMinLimitHours', date: '2026-03-29', time: '03:30' })
    expect(t.readyAt!.getTime() - now.getTime()).toBe(3_600_000)
  })

  it('autumn day: an hour of preparation from the first 02:30 CEST ends at 02:30 CET, one real hour later', () => {
    const now = new Date('2026-10-25T00:30:00Z')
    const t = pickupTiming(now, open24, true, fast)
    expect(t).toMatchObject({ category: 'FastTimeMinLimitHours', date: '2026-10-25', time: '02:30' })
    expect(t.readyAt!.getTime() - now.getTime()).toBe(3_600_000)
  })

  it('a Sunday pickup on the spring day opens at 09:00 CEST (07:00 UTC)', () => {
    const sundayOpen: StoreTiming = { ...store, hours: { ...week, sunday: { open: '09:00', close: '13:00' } } }
    const t = pickupTiming(new Date('2026-03-28T20:00:00Z'), sundayOpen, true, fast)
    expect(t).toMatchObject({ category: 'FastTimeAfterOpen', date: '2026-03-29', time: '09:30' })
    expect(t.readyAt!.toISOString()).toBe('2026-03-29T07:30:00.000Z')
  })
})

describe('todayHours', () => {
  it('is open from the opening minute until the closing minute', () => {
    expect(todayHours(store, rome(WED, '08:59')).openNow).toBe(false)
    expect(todayHours(store, rome(WED, '09:00')).openNow).toBe(true)
    expect(todayHours(store, rome(WED, '19:29')).openNow).toBe(true)
    expect(todayHours(store, rome(WED, '19:30')).openNow).toBe(false)
    expect(todayHours(store, rome('2026-11-29', '12:00'))).toEqual({ hours: null, openNow: false })
  })
})

describe('pickupMoment: the Range and Date display', () => {
  const timing = (category: Parameters<typeof pickupMoment>[0]['category'], date: string | null, time: string | null) => ({ category, date, time })

  it('shows today and tomorrow as a Range from the ready time to the day’s closing', () => {
    expect(pickupMoment(timing('FastTimeMoreThanMinLimitHours', WED, '15:00'), store)).toEqual({ display: 'Range', day: 'today', from: '15:00', to: '19:30' })
    expect(pickupMoment(timing('FastTimeMinLimitHours', WED, '09:30'), store)).toEqual({ display: 'Range', day: 'today', from: '09:30', to: '19:30' })
    expect(pickupMoment(timing('FastTimeAfterOpen', '2026-11-26', '09:30'), store)).toEqual({ display: 'Range', day: 'tomorrow', from: '09:30', to: '19:30' })
  })

  it('ends the Range at an exception’s closing, and at 24:00 for a store closing at midnight', () => {
    const late: StoreTiming = { ...store, exceptions: [{ date: WED, hours: { open: '09:00', close: '22:15' } }] }
    expect(pickupMoment(timing('FastTimeMoreThanMinLimitHours', WED, '21:00'), late)).toMatchObject({ from: '21:00', to: '22:15' })
    const midnight: StoreTiming = { ...store, hours: { ...week, wednesday: { open: '10:00', close: '00:00' } } }
    expect(pickupMoment(timing('FastTimeMoreThanMinLimitHours', WED, '23:30'), midnight)).toMatchObject({ from: '23:30', to: '24:00' })
  })

  it('shows SlowTime as the Date with its weekday, and Default as nothing', () => {
    expect(pickupMoment(timing('SlowTime', '2026-11-27', '10:00'), store)).toEqual({ display: 'Date', date: '2026-11-27', weekday: 'friday' })
    expect(pickupMoment(timing('Default', null, null), store)).toBeNull()
    expect(pickupMoment(timing('SlowTime', null, null), store)).toBeNull()
  })

  it('reads the timing rules’ answer, waited minutes included', () => {
    const now = rome(WED, '15:10')
    const settings = pickupSettingsOf({ fast_picking: 1, black_friday_picking: null })
    const answer = pickupAt(pickupTiming(now, store, true, settings), now)
    expect(answer).toEqual({ category: 'FastTimeMinLimitHours', date: WED, time: '15:45', readyAt: '2026-11-25T14:45:00.000Z', waitMinutes: 35 })
    expect(pickupMoment(answer, store)).toEqual({ display: 'Range', day: 'today', from: '15:45', to: '19:30' })
  })
})
