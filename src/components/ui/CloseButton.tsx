import { forwardRef, type ButtonHTMLAttributes } from 'react'
import styled from 'styled-components'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> & { label: string }

/** The × that closes a panel; `label` is what screen readers hear. */
export const CloseButton = forwardRef<HTMLButtonElement, Props>(function CloseButton({ label, ...rest }, ref) {
  return (
    <Cross ref={ref} type="button" aria-label={label} {...rest}>
      ×
    </Cross>
  )
})

const Cross = styled.button`
  width: 44px;
  height: 44px;
  border: 0;
  background: transparent;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
`
