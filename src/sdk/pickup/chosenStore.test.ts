import { storeView } from '../../testing/fixtures'
import { storeNow } from './chosenStore'

describe('storeNow', () => {
  // Wednesday 25 November 2026 in Rome (UTC+1); Genova opens 09:00–19:30, fast 60 min, slow one day.
  const genova = storeView({
    pickup: { category: 'FastTimeMinLimitHours', date: '2026-11-25', time: '10:00', readyAt: '2026-11-25T09:00:00.000Z', waitMinutes: 60 },
  })
  const rome = (time: string, date = '2026-11-25') => new Date(`${date}T${time}:00+01:00`)

  it('works the saved pickup out again for the current time instead of showing the stale one', () => {
    expect(storeNow(genova, rome('09:00')).pickup).toEqual({
      category: 'FastTimeMinLimitHours',
      date: '2026-11-25',
      time: '10:00',
      readyAt: '2026-11-25T09:00:00.000Z',
      waitMinutes: 60,
    })
    // Hours later the same saved store is ready later the same day…
    expect(storeNow(genova, rome('15:10')).pickup).toMatchObject({ category: 'FastTimeMoreThanMinLimitHours', time: '16:15', waitMinutes: 65 })
    // …and after closing, tomorrow at opening plus the preparation time.
    expect(storeNow(genova, rome('19:00')).pickup).toMatchObject({ category: 'FastTimeAfterOpen', date: '2026-11-26', time: '10:00' })
    expect(storeNow(genova, rome('19:00')).today).toEqual({ hours: { open: '09:00', close: '19:30' }, openNow: true })
    expect(storeNow(genova, rome('20:00')).today.openNow).toBe(false)
  })

  it('uses the store’s exceptions and its slow time when it lacks the products', () => {
    const holiday = storeView({ exceptions: [{ date: '2026-11-26', hours: null }] })
    expect(storeNow(holiday, rome('19:00')).pickup).toMatchObject({ category: 'SlowTime', date: '2026-11-27', time: '10:00' })
    const lacking = storeView({ inStock: false })
    expect(storeNow(lacking, rome('10:00')).pickup).toMatchObject({ category: 'SlowTime', date: '2026-11-26', time: '10:00' })
  })
})
