/**
 * The search box's state, headless (req SEARCH-06, SEARCH-08): the dropdown opens on
 * focus with the recent searches, then suggestions (terms and products)
 * while typing, and closes on an outside press, Escape or a choice. Arrow
 * keys cycle through the options and back to the text field, Enter picks
 * the active one. An empty submit is ignored; otherwise the term goes into
 * the history, the `search` event is sent and the browser goes to the
 * results. Returns the props the form, the field, the list and each option
 * spread.
 */
import { navigate } from 'gatsby'
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react'
import type { ProductSummary } from '../../domain/types'
import { paths } from '../../config/paths'
import { useDesktopNavigation, useOutsidePress } from '../shell/overlay'
import { useHydrated } from '../core/useHydrated'
import { useStableId } from '../core/stableId'
import { readHistory, removeFromHistory } from './history'
import { recordSearch } from './submit'
import { useSuggestions } from './useSuggestions'

export type SearchOption = { kind: 'history' | 'term'; term: string } | { kind: 'product'; product: ProductSummary }

export function useSearchCombobox() {
  const [value, setValue] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [history, setHistory] = useState<string[]>([])
  const wide = useDesktopNavigation()
  const root = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const listId = useStableId('options')
  const typed = value.trim()
  const { suggestions } = useSuggestions(typed)
  const hydrated = useHydrated()

  // Text typed before the box hydrated (its code arrives after the page's, src/components/islands/deferred.tsx)
  // is in the field but not in the state: taken over, with the dropdown open if the field has the focus.
  useEffect(() => {
    const field = input.current
    if (!field || field.value === '') return
    setValue(field.value)
    if (document.activeElement === field) {
      setHistory(readHistory())
      setOpen(true)
    }
  }, [])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  useOutsidePress([root], open, useCallback(() => setOpen(false), []))

  const options: SearchOption[] = typed
    ? [...suggestions.terms.map((t) => ({ kind: 'term' as const, term: t.value })), ...suggestions.products.map((product) => ({ kind: 'product' as const, product }))]
    : history.map((term) => ({ kind: 'history' as const, term }))
  const showDropdown = open && options.length > 0

  const search = (term: string) => {
    const trimmed = term.trim()
    if (!trimmed) return
    setHistory(recordSearch(trimmed))
    close()
    setValue(trimmed)
    input.current?.blur()
    void navigate(paths.search(trimmed))
  }

  const choose = (option: SearchOption) => {
    if (option.kind === 'product') {
      close()
      void navigate(paths.product(option.product.slug))
    } else search(option.term)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      if (options.length === 0) return
      // Cycles through the options and back to the text field (-1).
      const step = event.key === 'ArrowDown' ? 1 : -1
      const n = options.length + 1
      setActive((current) => ((current + 1 + step + n) % n) - 1)
    } else if (event.key === 'Escape') close()
  }

  const optionId = (i: number) => `${listId}-${i}`
  const indexed = options.map((option, i) => ({ option, i, active: i === active }))
  // A press on an option keeps the focus in the field; the click then chooses it.
  const keepFocus = (event: { preventDefault(): void }) => event.preventDefault()

  return {
    typed,
    wide,
    termOptions: indexed.filter(({ option }) => option.kind !== 'product'),
    productOptions: indexed.filter(({ option }) => option.kind === 'product'),
    formProps: {
      ref: root,
      onSubmit: (event: FormEvent) => {
        event.preventDefault()
        const option = active >= 0 ? options[active] : undefined
        if (showDropdown && option) choose(option)
        else search(value)
      },
      'data-hydrated': hydrated,
    },
    inputProps: {
      ref: input,
      value,
      role: 'combobox',
      'aria-expanded': showDropdown,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': showDropdown && active >= 0 ? optionId(active) : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(event.target.value)
        setActive(-1)
        setOpen(true)
      },
      onFocus: () => {
        setHistory(readHistory())
        setOpen(true)
      },
      onKeyDown,
    },
    listboxProps: { id: listId, role: 'listbox', hidden: !showDropdown },
    optionProps: (i: number, option: SearchOption) => ({
      id: optionId(i),
      role: 'option',
      'aria-selected': i === active,
      onMouseDown: keepFocus,
      onClick: () => choose(option),
    }),
    removeProps: (term: string) => ({
      type: 'button' as const,
      tabIndex: -1,
      onMouseDown: keepFocus,
      onClick: () => setHistory(removeFromHistory(term)),
    }),
  }
}
