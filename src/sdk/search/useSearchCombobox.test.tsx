import { act, renderHook } from '@testing-library/react'
import { navigate } from 'gatsby'
import type { KeyboardEvent } from 'react'
import type { Suggestions } from '../../domain/types'
import { useSearchCombobox } from './useSearchCombobox'

const brand = { id: 'b1', slug: 'zampa-amica', name: 'Zampa Amica', privateLabel: false }
const suggestions: Suggestions = {
  terms: [{ value: 'crocchette', count: 5 }],
  products: [{ id: 'p1', slug: 'crocchette-pollo', name: 'Crocchette Pollo', brand, fastPicking: false, hasVariant: [] }],
}

beforeEach(() => {
  jest.useFakeTimers()
  localStorage.clear()
  window.dataLayer = []
  ;(navigate as jest.Mock).mockClear()
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => suggestions })) as unknown as typeof fetch
})
afterEach(() => jest.useRealTimers())

const key = (k: string) => ({ key: k, preventDefault() {} }) as KeyboardEvent<HTMLInputElement>

async function typed(text: string) {
  const hook = renderHook(() => useSearchCombobox())
  act(() => hook.result.current.inputProps.onFocus())
  act(() => hook.result.current.inputProps.onChange({ target: { value: text } } as never))
  await act(async () => {
    await jest.runAllTimersAsync()
  })
  return hook.result
}

describe('useSearchCombobox', () => {
  it('opens with the suggestions while typing and cycles the active option with the arrows, back to the field', async () => {
    const result = await typed('croc')
    expect(result.current.inputProps['aria-expanded']).toBe(true)
    expect(result.current.listboxProps.hidden).toBe(false)
    expect(result.current.termOptions.map(({ option }) => option)).toEqual([{ kind: 'term', term: 'crocchette' }])
    expect(result.current.productOptions).toHaveLength(1)
    act(() => result.current.inputProps.onKeyDown(key('ArrowDown')))
    expect(result.current.inputProps['aria-activedescendant']).toBe(result.current.optionProps(0, result.current.termOptions[0]!.option).id)
    act(() => result.current.inputProps.onKeyDown(key('ArrowDown')))
    act(() => result.current.inputProps.onKeyDown(key('ArrowDown')))
    expect(result.current.inputProps['aria-activedescendant']).toBeUndefined()
    act(() => result.current.inputProps.onKeyDown(key('Escape')))
    expect(result.current.listboxProps.hidden).toBe(true)
  })

  it('submits the active option: a product goes to its page', async () => {
    const result = await typed('croc')
    act(() => result.current.inputProps.onKeyDown(key('ArrowUp')))
    act(() => result.current.formProps.onSubmit({ preventDefault() {} } as never))
    expect(navigate).toHaveBeenCalledWith('/crocchette-pollo/p')
  })

  it('searches a typed term, remembers it and reports it; an empty submit does nothing', async () => {
    const result = await typed('  ')
    act(() => result.current.formProps.onSubmit({ preventDefault() {} } as never))
    expect(navigate).not.toHaveBeenCalled()
    act(() => result.current.inputProps.onChange({ target: { value: ' pollo ' } } as never))
    act(() => result.current.formProps.onSubmit({ preventDefault() {} } as never))
    expect(navigate).toHaveBeenCalledWith('/s?q=pollo')
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'search' }))
    act(() => result.current.inputProps.onChange({ target: { value: '' } } as never))
    act(() => result.current.inputProps.onFocus())
    expect(result.current.termOptions.map(({ option }) => option)).toEqual([{ kind: 'history', term: 'pollo' }])
    act(() => result.current.removeProps('pollo').onClick())
    expect(result.current.termOptions).toEqual([])
  })
})
