import { Link } from 'gatsby'
import styled from 'styled-components'
import { texts } from '../../config/texts'
import { CartButton } from '../islands/CartButton'
import { SearchBox } from '../islands/SearchBox'
import { Logo } from '../ui/Logo'

/** The main header: logo to the home page and the cart button. */
export function Header() {
  return (
    <Bar>
      <Inner>
        <Link to="/" aria-label={texts.header.home} data-testid="logo">
          <Logo />
        </Link>
        <SearchBox />
        <CartButton />
      </Inner>
    </Bar>
  )
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
`
const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  min-height: 64px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
`
