/**
 * The header's search box (spec §2, §4). Without JavaScript it is a plain
 * form to /s?q=. Hydrated, it opens a dropdown on focus with the recent
 * searches, then suggestions (terms and products) while typing; the
 * dropdown closes on an outside click or after a choice. Arrow keys move
 * through the options, Enter picks one, Escape closes. An empty submit is
 * ignored; otherwise the term goes into the history, the `search` event is
 * sent and the browser goes to the results.
 */
import { navigate } from 'gatsby'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import type { ProductSummary } from '../../domain/types'
import { paths } from '../../config/paths'
import { texts } from '../../config/texts'
import { track } from '../../sdk/analytics/dataLayer'
import { currentPageType } from '../../sdk/analytics/pageType'
import { addToHistory, readHistory, removeFromHistory } from '../../sdk/search/history'
import { useSuggestions } from '../../sdk/search/useSuggestions'
import { useHydrated } from '../../sdk/useHydrated'
import { Price } from '../ui/Price'
import { ProductImage } from '../ui/ProductImage'

type Option = { kind: 'history' | 'term'; term: string } | { kind: 'product'; product: ProductSummary }

export function SearchBox({ id = 'search' }: { id?: string }) {
  const [value, setValue] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [history, setHistory] = useState<string[]>([])
  const [wide, setWide] = useState(false)
  const root = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const listId = `${useId()}-options`
  const typed = value.trim()
  const { suggestions } = useSuggestions(typed)
  const hydrated = useHydrated()

  useEffect(() => {
    const query = window.matchMedia?.('(min-width: 1024px)')
    if (!query) return
    setWide(query.matches)
    const onChange = (e: MediaQueryListEvent) => setWide(e.matches)
    query.addEventListener?.('change', onChange)
    return () => query.removeEventListener?.('change', onChange)
  }, [])

  useEffect(() => {
    if (!open) return
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('touchstart', onPointer)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('touchstart', onPointer)
    }
  }, [open])

  const options: Option[] = typed
    ? [...suggestions.terms.map((t) => ({ kind: 'term' as const, term: t.value })), ...suggestions.products.map((product) => ({ kind: 'product' as const, product }))]
    : history.map((term) => ({ kind: 'history' as const, term }))
  const showDropdown = open && options.length > 0

  const search = (term: string) => {
    const trimmed = term.trim()
    if (!trimmed) return
    setHistory(addToHistory(trimmed))
    track('search', { search_term: trimmed, pageType: currentPageType() })
    setOpen(false)
    setActive(-1)
    setValue(trimmed)
    input.current?.blur()
    void navigate(paths.search(trimmed))
  }

  const choose = (option: Option) => {
    if (option.kind === 'product') {
      setOpen(false)
      setActive(-1)
      void navigate(paths.product(option.product.slug))
    } else search(option.term)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const option = active >= 0 ? options[active] : undefined
    if (showDropdown && option) choose(option)
    else search(value)
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
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  const optionId = (i: number) => `${listId}-${i}`
  const termOptions = options.map((option, i) => ({ option, i })).filter(({ option }) => option.kind !== 'product')
  const productOptions = options.map((option, i) => ({ option, i })).filter(({ option }) => option.kind === 'product')

  return (
    <Form ref={root} role="search" action="/s" method="get" onSubmit={onSubmit} data-testid="search-box" data-hydrated={hydrated}>
      <label htmlFor={id} className="visually-hidden">
        {texts.search.label}
      </label>
      <Field>
        <input
          ref={input}
          id={id}
          name="q"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder={wide ? texts.search.placeholderDesktop : texts.search.placeholder}
          value={value}
          role="combobox"
          aria-expanded={showDropdown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showDropdown && active >= 0 ? optionId(active) : undefined}
          onChange={(e) => {
            setValue(e.target.value)
            setActive(-1)
            setOpen(true)
          }}
          onFocus={() => {
            setHistory(readHistory())
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
        <Submit type="submit" aria-label={texts.search.submit}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Submit>
      </Field>
      <Dropdown id={listId} role="listbox" aria-label={typed ? texts.search.suggestions : texts.search.history} hidden={!showDropdown} data-testid="search-dropdown">
        {termOptions.length > 0 && <Heading role="presentation">{typed ? texts.search.suggestions : texts.search.history}</Heading>}
        {termOptions.map(({ option, i }) =>
          option.kind === 'product' ? null : (
            <TermRow key={`${option.kind}-${option.term}`} role="presentation">
              <OptionButton
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                $active={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                data-testid={option.kind === 'history' ? 'search-history-item' : 'search-suggestion-term'}
              >
                {option.kind === 'history' ? <HistoryIcon /> : <Highlight text={option.term} typed={typed} />}
                {option.kind === 'history' && option.term}
              </OptionButton>
              {option.kind === 'history' && (
                <Remove
                  type="button"
                  tabIndex={-1}
                  aria-label={texts.search.removeHistory(option.term)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setHistory(removeFromHistory(option.term))}
                  data-testid="search-history-remove"
                >
                  ×
                </Remove>
              )}
            </TermRow>
          ),
        )}
        {productOptions.length > 0 && <Heading role="presentation">{texts.search.products}</Heading>}
        {productOptions.map(({ option, i }) => {
          if (option.kind !== 'product') return null
          const variant = option.product.hasVariant[0]
          const image = variant?.image[0]
          return (
            <OptionButton
              key={option.product.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              $active={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              data-testid="search-suggestion-product"
            >
              <Thumb>{image && <ProductImage image={image} width={48} breakpoints={[48, 96]} />}</Thumb>
              <ProductText>
                <span>{option.product.name}</span>
                {variant && <Price price={variant.offers.price} listPrice={variant.offers.listPrice} />}
              </ProductText>
            </OptionButton>
          )
        })}
      </Dropdown>
    </Form>
  )
}

/** The typed part in regular weight, the completion in bold, as search boxes usually show it. */
function Highlight({ text, typed }: { text: string; typed: string }) {
  const at = text.toLocaleLowerCase('it-IT').indexOf(typed.toLocaleLowerCase('it-IT'))
  if (at !== 0) return <span>{text}</span>
  return (
    <span>
      {text.slice(0, typed.length)}
      <strong>{text.slice(typed.length)}</strong>
    </span>
  )
}

function HistoryIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  )
}

const Form = styled.form`
  position: relative;
  flex: 1;
  max-width: ${({ theme }) => theme.layout.searchMaxWidth};
`
const Field = styled.div`
  position: relative;
  input {
    width: 100%;
    min-height: 44px;
    padding: 0 48px 0 ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: 22px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font: inherit;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  input:focus {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    background: ${({ theme }) => theme.colors.surface};
  }
  input::-webkit-search-cancel-button {
    display: none;
  }
`
const Submit = styled.button`
  position: absolute;
  top: 2px;
  right: 2px;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.inverse};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  cursor: pointer;
`
const Dropdown = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  max-height: 70vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.sm} 0;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dropdown};
  &[hidden] {
    display: none;
  }
`
const Heading = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`
const TermRow = styled.div`
  display: flex;
  align-items: center;
`
const OptionButton = styled.div<{ $active: boolean }>`
  flex: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 40px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceAlt : 'transparent')};
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  strong {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`
const Remove = styled.button`
  width: 40px;
  height: 40px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.font.size.lg};
  cursor: pointer;
`
const Thumb = styled.span`
  flex: 0 0 48px;
  width: 48px;
`
const ProductText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  line-height: 1.3;
`
