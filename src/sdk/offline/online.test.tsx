import { renderHook } from '@testing-library/react'
import { setOnline } from '../../testing/network'
import { useOnline } from './online'

describe('useOnline', () => {
  afterEach(() => setOnline(true))

  it('follows the browser going offline and coming back', () => {
    const { result } = renderHook(() => useOnline())
    expect(result.current).toBe(true)
    setOnline(false)
    expect(result.current).toBe(false)
    setOnline(true)
    expect(result.current).toBe(true)
  })
})
