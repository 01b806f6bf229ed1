/**
 * The header's search box (req FRAME-03, SEARCH-06, SEARCH-08). Without JavaScript it is a plain
 * form to /s?q= whose hidden mark lets the search page record the term
 * (src/sdk/search/submit.ts) and the server ignore an empty one (src/domain/search/boxSubmit.ts). Hydrated, it is a combobox over the recent searches and the
 * suggestions; its state and keyboard handling live in `useSearchCombobox`.
 */
import styled from 'styled-components'
import { searchTexts } from '../../../config/texts/search'
import { SUBMIT_MARK } from '../../../domain/search/boxSubmit'
import { useSearchCombobox } from '../../../sdk/search/useSearchCombobox'
import { Price } from '../../ui/Price'
import { ProductImage } from '../../ui/ProductImage'
import { theme } from '../../../config/theme'

export function SearchBox({ id = 'search' }: { id?: string }) {
  const { typed, wide, termOptions, productOptions, formProps, inputProps, listboxProps, optionProps, removeProps } = useSearchCombobox()

  return (
    <Form role="search" action="/s" method="get" data-testid="search-box" {...formProps}>
      <label htmlFor={id} className="visually-hidden">
        {searchTexts.label}
      </label>
      <input type="hidden" name={SUBMIT_MARK.name} value={SUBMIT_MARK.value} />
      <Field>
        <input
          id={id}
          name="q"
          // ARIA 1.2's combobox is a text input: role="combobox" is not allowed on type="search" (the form's role="search" says what it is).
          type="text"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder={wide ? searchTexts.placeholderDesktop : searchTexts.placeholder}
          {...inputProps}
          data-testid="search-input"
        />
        <Submit type="submit" aria-label={searchTexts.submit}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Submit>
      </Field>
      <Dropdown {...listboxProps} aria-label={typed ? searchTexts.suggestions : searchTexts.history} data-testid="search-dropdown">
        {termOptions.length > 0 && <Heading role="presentation">{typed ? searchTexts.suggestions : searchTexts.history}</Heading>}
        {termOptions.map(({ option, i, active }) =>
          option.kind === 'product' ? null : (
            <TermRow key={`${option.kind}-${option.term}`} role="presentation">
              <OptionButton {...optionProps(i, option)} $active={active} data-testid={option.kind === 'history' ? 'search-history-item' : 'search-suggestion-term'}>
                {option.kind === 'history' ? <HistoryIcon /> : <Highlight text={option.term} typed={typed} />}
                {option.kind === 'history' && option.term}
              </OptionButton>
              {option.kind === 'history' && (
                <Remove {...removeProps(option.term)} aria-label={searchTexts.removeHistory(option.term)} data-testid="search-history-remove">
                  ×
                </Remove>
              )}
            </TermRow>
          ),
        )}
        {productOptions.length > 0 && <Heading role="presentation">{searchTexts.products}</Heading>}
        {productOptions.map(({ option, i, active }) => {
          if (option.kind !== 'product') return null
          const variant = option.product.hasVariant[0]
          const image = variant?.image[0]
          return (
            <OptionButton key={option.product.id} {...optionProps(i, option)} $active={active} data-testid="search-suggestion-product">
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
  max-width: ${theme.layout.searchMaxWidth};
`
const Field = styled.div`
  position: relative;
  input {
    width: 100%;
    min-height: 44px;
    padding: 0 48px 0 ${theme.space.md};
    border: 1px solid ${theme.colors.line};
    border-radius: 22px;
    background: ${theme.colors.surfaceAlt};
    font: inherit;
    font-size: ${theme.font.size.md};
  }
  input:focus {
    outline: 2px solid ${theme.colors.focus};
    background: ${theme.colors.surface};
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
  background: ${theme.colors.brand};
  color: ${theme.colors.inverse};
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
  z-index: ${theme.zIndex.overlay};
  max-height: 70vh;
  overflow-y: auto;
  padding: ${theme.space.sm} 0;
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow.dropdown};
  &[hidden] {
    display: none;
  }
`
const Heading = styled.div`
  padding: ${theme.space.sm} ${theme.space.md} ${theme.space.xs};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.xs};
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
  gap: ${theme.space.sm};
  min-height: 40px;
  padding: ${theme.space.xs} ${theme.space.md};
  background: ${({ $active }) => ($active ? theme.colors.surfaceAlt : 'transparent')};
  font-size: ${theme.font.size.sm};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
  strong {
    font-weight: ${theme.font.weight.bold};
  }
`
const Remove = styled.button`
  width: 40px;
  height: 40px;
  border: 0;
  background: none;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.lg};
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
