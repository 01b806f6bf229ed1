/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import type { SessionView } from '../sessions'
import { deviceName, Sessions } from './Sessions'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0'

describe('deviceName', () => {
  it('names the browser and the system in Italian words, and falls back to the user agent itself', () => {
    expect(deviceName(CHROME)).toBe('Chrome su Windows')
    expect(deviceName(FIREFOX)).toBe('Firefox su Linux')
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari su iOS')
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0')).toBe('Edge su Windows')
    expect(deviceName('curl/8.5.0')).toBe('curl/8.5.0')
    expect(deviceName('')).toBe('Browser sconosciuto')
  })
})

describe('Sessions', () => {
  afterEach(() => jest.restoreAllMocks())

  it('lists the active sessions, marks this one, and ends another with "Termina"', async () => {
    let sessions: SessionView[] = [
      { id: 'questa', created: '2026-03-02T09:00:00.000Z', lastSeen: '2026-03-02T09:10:00.000Z', userAgent: CHROME, current: true },
      { id: 'altra', created: '2026-03-01T18:00:00.000Z', lastSeen: '2026-03-01T18:30:00.000Z', userAgent: FIREFOX, current: false },
    ]
    const asked: string[] = []
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${url}`)
      if (init?.method === 'DELETE') sessions = sessions.filter((s) => `/api/sessions/${s.id}` !== url)
      return { ok: true, status: 200, json: async () => ({ sessions }) }
    }) as unknown as typeof fetch
    render(createElement(Sessions))
    await act(async () => {})
    expect(screen.getByText('Sessioni attive (2)')).toBeTruthy()
    expect(screen.getByText('Questa sessione')).toBeTruthy()
    const end = screen.getAllByRole('button', { name: /^Termina la sessione Firefox su Linux/ })
    expect(end).toHaveLength(1)
    expect(end[0]!.textContent).toBe('Termina')
    await act(async () => {
      fireEvent.click(end[0]!)
    })
    expect(asked).toEqual(['GET /api/sessions', 'DELETE /api/sessions/altra', 'GET /api/sessions'])
    expect(screen.getByText('Sessioni attive (1)')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Sessione terminata: Firefox su Linux.')
    expect(screen.queryByRole('button', { name: /^Termina/ })).toBeNull()
  })
})
