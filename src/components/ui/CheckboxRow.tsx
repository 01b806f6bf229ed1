import type { InputHTMLAttributes, ReactNode } from 'react'
import styled, { css } from 'styled-components'
import { theme } from '../../config/theme'

type Props = { id: string; label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>

/** A checkbox and its label on one row, the whole label a target (a facet value). */
export function CheckboxRow({ id, label, ...input }: Props) {
  return (
    <Row>
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </Row>
  )
}

/** The row of a checkbox or radio button and its label: a 20 px box in the brand colour, 36 px high. */
export const choiceRow = css`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: 36px;
  font-size: ${theme.font.size.sm};
  input {
    width: 20px;
    height: 20px;
    accent-color: ${theme.colors.brand};
  }
`

const Row = styled.div`
  ${choiceRow}
  label {
    cursor: pointer;
  }
`
