import { act } from '@testing-library/react'

/** Takes jsdom's browser offline or back online: `navigator.onLine` and the window's event, inside act. */
export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}
