import styled from 'styled-components'

/** Site footer. */
export function Footer() {
  return (
    <Bar>
      <small>© Zampa S.r.l. — P.IVA 01234567890</small>
    </Bar>
  )
}

const Bar = styled.footer`
  margin-top: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.ink};
  color: #fff;
  text-align: center;
`
