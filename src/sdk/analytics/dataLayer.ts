/**
 * Analytics and tracking events go to the page's data layer (window.dataLayer,
 * read by the tag manager) and to any handler the platform registers. A
 * failing handler is logged and never breaks the page (req EVENT-01).
 */
export interface AnalyticsEvent {
  event: string
  [field: string]: unknown
}

type Handler = (event: AnalyticsEvent) => void

const handlers = new Set<Handler>()

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[]
  }
}

/** Registers a platform handler; returns its removal. */
export function onAnalyticsEvent(handler: Handler): () => void {
  handlers.add(handler)
  return () => handlers.delete(handler)
}

export function track(event: string, payload: Record<string, unknown> = {}): void {
  const entry: AnalyticsEvent = { ...payload, event }
  if (typeof window !== 'undefined') {
    window.dataLayer = window.dataLayer ?? []
    window.dataLayer.push(entry)
  }
  for (const handler of handlers) {
    try {
      handler(entry)
    } catch (error) {
      console.error('analytics handler failed', error)
    }
  }
}
