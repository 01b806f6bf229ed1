import { storeView } from '../../testing/fixtures'
import type { StoreView } from '../../wire/store'
import { distanceText, pickupText, preparationText, todayText } from './pickupText'

/** Genova (09:00–19:30, Sunday closed, late opening on 27 November) with the given pickup. */
const at = (category: StoreView['pickup']['category'], waitMinutes: number | null, date = '2026-11-25', time = '10:30') =>
  storeView({
    exceptions: [{ date: '2026-11-27', hours: { open: '09:00', close: '22:00' } }],
    pickup: { category, date, time, readyAt: null, waitMinutes },
  })

describe('pickupText', () => {
  it.each([
    [1, 'oggi entro 1 min'],
    [45, 'oggi entro 45 min'],
    [46, "oggi entro un'ora"],
    [60, "oggi entro un'ora"],
    [119, "oggi entro un'ora"],
    [120, 'oggi entro 2 ore'],
  ])('FastTimeMinLimitHours with %i minutes reads "%s"', (minutes, text) => {
    expect(pickupText(at('FastTimeMinLimitHours', minutes))).toBe(text)
  })

  it('shows a pickup today or tomorrow as a Range from the ready time to the closing', () => {
    expect(pickupText(at('FastTimeMoreThanMinLimitHours', 150))).toBe('oggi dalle 10:30 alle 19:30')
    expect(pickupText(at('FastTimeAfterOpen', 900, '2026-11-26', '09:30'))).toBe('domani dalle 09:30 alle 19:30')
    // An exception's hours end the Range on its day; a FastTimeMinLimitHours without its wait is a Range too.
    expect(pickupText(at('FastTimeMoreThanMinLimitHours', 150, '2026-11-27', '20:00'))).toBe('oggi dalle 20:00 alle 22:00')
    expect(pickupText(at('FastTimeMinLimitHours', null, '2026-11-25', '10:15'))).toBe('oggi dalle 10:15 alle 19:30')
  })

  it('shows a slow pickup as the Date it is ready from, and Default as unavailable', () => {
    expect(pickupText(at('SlowTime', 3000, '2026-11-27', '10:00'))).toBe('da venerdì 27/11')
    expect(pickupText(at('SlowTime', 3000, '2026-11-30', '09:15'))).toBe('da lunedì 30/11')
    expect(pickupText(at('Default', null, '', ''))).toBe('Tempi di ritiro non disponibili')
  })
})

describe('preparationText', () => {
  it('reads a store’s preparation time in minutes, hours or days', () => {
    expect(preparationText(30)).toBe('30 min')
    expect(preparationText(60)).toBe("un'ora")
    expect(preparationText(180)).toBe('3 ore')
    expect(preparationText(1440)).toBe('1 giorno')
    expect(preparationText(4320)).toBe('3 giorni')
  })
})

describe('todayText and distanceText', () => {
  it('shows today’s hours or that the store is closed, and kilometres', () => {
    expect(todayText({ hours: { open: '09:00', close: '19:30' }, openNow: true })).toBe('Oggi 09:00–19:30')
    expect(todayText({ hours: null, openNow: false })).toBe('Oggi chiuso')
    expect(distanceText(1234)).toBe('1,2 km')
    expect(distanceText(45_600)).toBe('46 km')
    expect(distanceText(null)).toBeNull()
  })
})
