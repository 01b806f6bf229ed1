import { act, screen } from '@testing-library/react'
import { toastState } from '../../sdk/shell/toasts'
import { renderWithProviders } from '../../testing/render'
import { Toasts } from './Toasts'

describe('Toasts', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    toastState.set([])
  })
  afterEach(() => jest.useRealTimers())

  it('shows the queue oldest first, errors as alerts, each for its duration', () => {
    renderWithProviders(<Toasts />)
    act(() => {
      toastState.push({ text: 'Primo', status: 'info', durationMs: 2000 })
      toastState.push({ text: 'Secondo', status: 'error', durationMs: 5000 })
    })
    expect(screen.getAllByText(/Primo|Secondo/).map((e) => e.textContent)).toEqual(['Primo', 'Secondo'])
    expect(screen.getByRole('alert').textContent).toBe('Secondo')
    act(() => jest.advanceTimersByTime(2000))
    expect(screen.queryByText('Primo')).toBeNull()
    expect(screen.getByText('Secondo')).toBeTruthy()
    act(() => jest.advanceTimersByTime(3000))
    expect(screen.queryByText('Secondo')).toBeNull()
  })

  it('pops in order', () => {
    toastState.push({ text: 'a', status: 'info', durationMs: 1000 })
    toastState.push({ text: 'b', status: 'info', durationMs: 1000 })
    toastState.pop()
    expect(toastState.read().map((t) => t.text)).toEqual(['b'])
  })
})
