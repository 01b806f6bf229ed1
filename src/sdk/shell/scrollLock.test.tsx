import { act, renderHook } from '@testing-library/react'
import { lockScroll, SCROLL_LOCK_CLASS, useScrollLock } from './scrollLock'

const locked = () => document.body.classList.contains(SCROLL_LOCK_CLASS)

describe('scroll lock', () => {
  afterEach(() => expect(locked()).toBe(false))

  it('puts no-scroll on the body with the first lock and removes it with the last release', () => {
    const first = lockScroll()
    expect(locked()).toBe(true)
    const second = lockScroll()
    first()
    expect(locked()).toBe(true)
    second()
    expect(locked()).toBe(false)
  })

  it('counts a release once, however often it is called', () => {
    const first = lockScroll()
    const second = lockScroll()
    first()
    first()
    expect(locked()).toBe(true)
    second()
  })

  it('keeps the page locked when one panel closes in the same render another opens', () => {
    const { rerender, unmount } = renderHook(({ a, b }) => {
      useScrollLock(a)
      useScrollLock(b)
    }, { initialProps: { a: true, b: false } })
    expect(locked()).toBe(true)
    act(() => rerender({ a: false, b: true }))
    expect(locked()).toBe(true)
    act(() => rerender({ a: false, b: false }))
    expect(locked()).toBe(false)
    rerender({ a: true, b: false })
    expect(locked()).toBe(true)
    unmount()
  })
})
