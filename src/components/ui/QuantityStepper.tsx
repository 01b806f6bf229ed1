import styled, { css } from 'styled-components'
import { quantityTexts } from '../../config/texts/quantity'
import { theme } from '../../config/theme'

interface Props {
  value: number
  min: number
  max: number
  onChange: (value: number) => void
  disabled?: boolean
  /** The minicart line's smaller stepper. */
  compact?: boolean
  /** Prefix of the test ids, so two steppers on one page stay apart. */
  testId?: string
}

/** − value + within [min, max]; the value is announced as a status. */
export function QuantityStepper({ value, min, max, onChange, disabled, compact = false, testId = 'quantity' }: Props) {
  return (
    <Wrapper $compact={compact} data-testid={`${testId}-stepper`}>
      <button type="button" aria-label={quantityTexts.decrease} disabled={disabled || value <= min} onClick={() => onChange(Math.max(min, value - 1))} data-testid={`${testId}-decrease`}>
        −
      </button>
      <output role="status" aria-label={quantityTexts.label} data-testid={`${testId}-value`}>
        {value}
      </output>
      <button type="button" aria-label={quantityTexts.increase} disabled={disabled || value >= max} onClick={() => onChange(Math.min(max, value + 1))} data-testid={`${testId}-increase`}>
        +
      </button>
    </Wrapper>
  )
}

const regular = css`
  background: ${theme.colors.surface};
  button {
    width: 44px;
    height: 44px;
    background: none;
    font-size: 20px;
  }
  button:disabled {
    color: ${theme.colors.line};
  }
  output {
    min-width: 32px;
    font-weight: ${theme.font.weight.bold};
  }
`
const compactStyle = css`
  button {
    width: 36px;
    height: 36px;
    background: transparent;
    font-size: 18px;
  }
  button:disabled {
    opacity: 0.4;
  }
  output {
    min-width: 28px;
  }
`
const Wrapper = styled.div<{ $compact: boolean }>`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.pill};
  button {
    border: 0;
    cursor: pointer;
  }
  button:disabled {
    cursor: not-allowed;
  }
  output {
    text-align: center;
  }
  ${({ $compact }) => ($compact ? compactStyle : regular)}
`
