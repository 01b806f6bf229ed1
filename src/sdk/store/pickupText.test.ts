import { distanceText, pickupText, todayText } from './pickupText'

const at = (category: Parameters<typeof pickupText>[0]['category'], waitMinutes: number | null, date = '2026-11-25', time = '10:30') => ({
  category,
  date,
  time,
  readyAt: null,
  waitMinutes,
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

  it('names today, tomorrow or the date for the other categories', () => {
    expect(pickupText(at('FastTimeMoreThanMinLimitHours', 150))).toBe('oggi dalle 10:30')
    expect(pickupText(at('FastTimeAfterOpen', 900, '2026-11-26', '09:30'))).toBe('domani dalle 09:30')
    expect(pickupText(at('SlowTime', 3000, '2026-11-27', '10:00'))).toBe('dal 27/11 alle 10:00')
    expect(pickupText({ category: 'Default', date: null, time: null, readyAt: null, waitMinutes: null })).toBe('Tempi di ritiro non disponibili')
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
