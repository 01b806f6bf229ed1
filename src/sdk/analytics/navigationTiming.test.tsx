import { onAnalyticsEvent, type AnalyticsEvent } from './dataLayer'
import { reportDelayedLoad } from './navigationTiming'

describe('delayed-load event', () => {
  it('reports the slow navigation with where it was going and the page type it left', () => {
    const events: AnalyticsEvent[] = []
    const off = onAnalyticsEvent((e) => events.push(e))
    document.body.dataset.pageType = 'productList'
    reportDelayedLoad({ pathname: '/cane', search: '?page=1' })
    off()
    expect(events).toEqual([{ event: 'delayed_load', path: '/cane?page=1', afterMs: 1000, pageType: 'productList' }])
    expect(window.dataLayer?.at(-1)).toEqual(events[0])
  })
})
