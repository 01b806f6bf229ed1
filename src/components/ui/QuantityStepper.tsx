import styled from 'styled-components'
import { texts } from '../../config/texts'

interface Props {
  value: number
  min: number
  max: number
  onChange: (value: number) => void
  disabled?: boolean
}

/** − value + within [min, max]; the value is announced as a status. */
export function QuantityStepper({ value, min, max, onChange, disabled }: Props) {
  return (
    <Wrapper data-testid="quantity-stepper">
      <button type="button" aria-label={texts.quantity.decrease} disabled={disabled || value <= min} onClick={() => onChange(Math.max(min, value - 1))} data-testid="quantity-decrease">
        −
      </button>
      <output role="status" aria-label={texts.quantity.label} data-testid="quantity-value">
        {value}
      </output>
      <button type="button" aria-label={texts.quantity.increase} disabled={disabled || value >= max} onClick={() => onChange(Math.min(max, value + 1))} data-testid="quantity-increase">
        +
      </button>
    </Wrapper>
  )
}

const Wrapper = styled.div`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surface};
  button {
    width: 44px;
    height: 44px;
    border: 0;
    background: none;
    font-size: 20px;
    cursor: pointer;
  }
  button:disabled {
    color: ${({ theme }) => theme.colors.line};
    cursor: not-allowed;
  }
  output {
    min-width: 32px;
    text-align: center;
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`
