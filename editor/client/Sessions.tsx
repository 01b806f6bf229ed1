/**
 * "Sessioni attive": where the editor is logged in (browser, when opened, last
 * used), and "Termina" to end any of the others, such as one left open on a
 * shared computer. Ending this one is "Esci".
 */
import { useCallback, useEffect, useState } from 'react'
import type { SessionView } from '../sessions'

const when = (iso: string) => new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' })

/** A browser and system an editor recognises, from the user agent; the user agent itself when it names neither. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null
  if (browser && system) return `${browser} su ${system}`
  return browser ?? system ?? (userAgent.trim() ? userAgent.slice(0, 60) : 'Browser sconosciuto')
}

export function Sessions() {
  const [sessions, setSessions] = useState<SessionView[] | null>(null)
  const [status, setStatus] = useState('')

  const load = useCallback(async () => {
    const response = await fetch('/api/sessions', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    if (response.status === 401) return window.location.assign('/login')
    if (response.ok) setSessions(((await response.json()) as { sessions: SessionView[] }).sessions)
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  const end = async (session: SessionView) => {
    const response = await fetch(`/api/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE', credentials: 'same-origin' })
    if (response.status === 401) return window.location.assign('/login')
    setStatus(response.ok || response.status === 404 ? `Sessione terminata: ${deviceName(session.userAgent)}.` : 'Sessione non terminata: riprova.')
    await load()
  }

  if (!sessions) return null
  return (
    <details className="sessions">
      <summary>Sessioni attive ({sessions.length})</summary>
      <ul>
        {sessions.map((session) => (
          <li key={session.id}>
            <strong title={session.userAgent}>{deviceName(session.userAgent)}</strong>
            <br />
            <small>
              Accesso {when(session.created)}, ultima attività {when(session.lastSeen)}
            </small>
            <br />
            {session.current ? (
              <small>Questa sessione</small>
            ) : (
              <button type="button" onClick={() => void end(session)} aria-label={`Termina la sessione ${deviceName(session.userAgent)} con accesso ${when(session.created)}`}>
                Termina
              </button>
            )}
          </li>
        ))}
      </ul>
      <p role="status">{status}</p>
    </details>
  )
}
