import { renderHook } from '@testing-library/react'
import { useLatch } from './latch'

describe('useLatch', () => {
  it('stays false while the value has never been true', () => {
    const { result, rerender } = renderHook(({ value }) => useLatch(value), { initialProps: { value: false } })
    rerender({ value: false })
    expect(result.current).toBe(false)
  })

  it('turns true with the value and stays true when the value falls back', () => {
    const { result, rerender } = renderHook(({ value }) => useLatch(value), { initialProps: { value: false } })
    rerender({ value: true })
    expect(result.current).toBe(true)
    rerender({ value: false })
    expect(result.current).toBe(true)
  })

  it('is true from the first render when the value starts true', () => {
    const { result } = renderHook(() => useLatch(true))
    expect(result.current).toBe(true)
  })
})
