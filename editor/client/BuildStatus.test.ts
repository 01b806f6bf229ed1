/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import type { BuildView } from '../builds'
import { BuildStatus, buildText } from './BuildStatus'

const live = (fast: boolean): BuildView => ({
  configured: true,
  ticket: 3,
  change: { state: 'live' } as BuildView['change'],
  lastLive: { liveAt: '2026-11-27T06:00:00.000Z', durationMs: 12_800, pagesWritten: 10_251, fast },
})

describe('buildText', () => {
  it('says a frame change was patched into the pages, with how many, not that the shop was rebuilt', () => {
    expect(buildText(live(true))).toBe('La modifica è online sul negozio (10.251 pagine aggiornate in 13 s).')
  })

  it('says a change that took a build went live after rebuilding', () => {
    expect(buildText(live(false))).toBe('La modifica è online sul negozio (ricostruito in 13 s).')
  })

  it('names the reason of a failed build and that the last good version stays', () => {
    const view: BuildView = { configured: true, ticket: 4, change: { state: 'failed', reason: 'footer.json: link rotto' } as BuildView['change'] }
    expect(buildText(view)).toBe('Ricostruzione non riuscita: footer.json: link rotto. Il negozio continua a mostrare l’ultima versione funzionante.')
  })
})

describe('BuildStatus', () => {
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  it('asks at once after a publish, so it never goes on saying the change before is live while the new one builds', async () => {
    jest.useFakeTimers()
    const building: BuildView = { configured: true, ticket: 4, change: { state: 'building', stage: 'frame', elapsedMs: 200 } as BuildView['change'] }
    const answers = [live(true), building]
    const asked = jest.fn(async () => ({ ok: true, json: async () => answers[Math.min(asked.mock.calls.length - 1, answers.length - 1)] }))
    global.fetch = asked as unknown as typeof fetch
    const { rerender } = render(createElement(BuildStatus, { published: 0 }))
    await act(async () => {})
    expect(screen.getByText(/La modifica è online/).getAttribute('data-build-state')).toBe('live')
    rerender(createElement(BuildStatus, { published: 1 }))
    await act(async () => {})
    expect(asked).toHaveBeenCalledTimes(2)
    expect(screen.getByText(/Ricostruzione del negozio in corso \(frame, 0 s\)/).getAttribute('data-build-state')).toBe('building')
    // One poll goes on after it, not two: the ask made at once took the place of the one scheduled.
    await act(async () => {
      jest.advanceTimersByTime(1_000)
    })
    expect(asked).toHaveBeenCalledTimes(3)
  })
})
