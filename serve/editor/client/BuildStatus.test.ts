import type { BuildView } from '../builds'
import { buildText } from './BuildStatus'

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
