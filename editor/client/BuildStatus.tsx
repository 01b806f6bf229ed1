/**
 * Where the storefront's rebuild after this editor's last publish stands:
 * queued, building (stage and seconds), live on the storefront, or failed with
 * the reason (the storefront then keeps the last good version). Asked of the
 * editing screen's server, which holds the hook's token.
 */
import { useEffect, useRef, useState } from 'react'
import type { BuildView } from '../builds'

const POLL_MS = 1_000

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`

export function buildText(view: BuildView | null): string {
  if (!view?.configured) return ''
  if (view.problem) return `Stato del negozio non disponibile: ${view.problem}.`
  const change = view.change
  if (!change) return view.lastFailure && view.state === 'failed' ? `Ultima ricostruzione non riuscita: ${view.lastFailure.reason}. Il negozio mostra l’ultima versione funzionante.` : ''
  switch (change.state) {
    case 'queued':
      return 'Modifica in coda: il negozio si ricostruisce appena finisce la ricostruzione in corso.'
    case 'building':
      return `Ricostruzione del negozio in corso (${change.stage}, ${seconds(change.elapsedMs)}).`
    case 'live':
      if (!view.lastLive) return 'La modifica è online sul negozio.'
      // A frame change is patched into the pages already built: nothing was rebuilt.
      return view.lastLive.fast
        ? `La modifica è online sul negozio (${(view.lastLive.pagesWritten ?? 0).toLocaleString('it-IT')} pagine aggiornate in ${seconds(view.lastLive.durationMs)}).`
        : `La modifica è online sul negozio (ricostruito in ${seconds(view.lastLive.durationMs)}).`
    case 'failed':
      return `Ricostruzione non riuscita: ${change.reason}. Il negozio continua a mostrare l’ultima versione funzionante.`
  }
}

/**
 * `published` counts this screen's publishes and restores: each one asks at once, so the screen never goes on
 * saying the change before went live while the new one is already queued or building.
 */
export function BuildStatus({ published = 0 }: { published?: number }) {
  const [view, setView] = useState<BuildView | null>(null)
  const askNow = useRef<() => void>(() => {})
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Only the latest ask's answer is shown and schedules the next: one asked at once meanwhile supersedes it.
    let latest = 0
    const poll = async () => {
      const mine = ++latest
      clearTimeout(timer)
      try {
        const response = await fetch('/api/build', { headers: { accept: 'application/json' } })
        const answer = response.ok ? ((await response.json()) as BuildView) : null
        if (answer && !stopped && mine === latest) setView(answer)
      } catch {
        // The next poll tries again; the last state read stays on screen.
      }
      if (!stopped && mine === latest) timer = setTimeout(() => void poll(), POLL_MS)
    }
    askNow.current = () => void poll()
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [])
  useEffect(() => {
    if (published > 0) askNow.current()
  }, [published])
  const text = buildText(view)
  if (!text) return null
  const live = view?.change?.state === 'live'
  return (
    <p className={view?.change?.state === 'failed' ? 'problems' : 'status'} aria-live="polite" data-build-state={view?.change?.state ?? view?.state}>
      {text}
      {live && view?.storefront && (
        <>
          {' '}
          <a href={view.storefront} target="_blank" rel="noreferrer">
            Apri il negozio
          </a>
        </>
      )}
    </p>
  )
}
