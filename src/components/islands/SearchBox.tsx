import styled from 'styled-components'
import { texts } from '../../config/texts'

/**
 * The header's search box. Without JavaScript it is a plain form to /s?q=.
 */
export function SearchBox({ id = 'search', placeholder = texts.search.placeholder }: { id?: string; placeholder?: string }) {
  return (
    <Form role="search" action="/s" method="get" data-testid="search-box">
      <label htmlFor={id} className="visually-hidden">
        {texts.search.label}
      </label>
      <input id={id} name="q" type="search" autoComplete="off" placeholder={placeholder} />
    </Form>
  )
}

const Form = styled.form`
  flex: 1;
  max-width: 780px;
  input {
    width: 100%;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: 20px;
    font: inherit;
  }
`
