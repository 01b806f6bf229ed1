import { Link } from 'gatsby'
import styled from 'styled-components'
import { listReset } from './listReset'
import { breadcrumbsTexts } from '../../config/texts/breadcrumbs'
import { theme } from '../../config/theme'

export interface Crumb {
  name: string
  item: string
}

/** Home › … › the current page (not a link). Structured data for the same trail is in the page's Head. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const current = trail.at(-1)
  return (
    <Nav aria-label={breadcrumbsTexts.label} data-testid="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{breadcrumbsTexts.home}</Link>
        </li>
        {trail.slice(0, -1).map((crumb) => (
          <li key={crumb.item}>
            <Link to={crumb.item}>{crumb.name}</Link>
          </li>
        ))}
        {current && <li aria-current="page">{current.name}</li>}
      </ol>
    </Nav>
  )
}

const Nav = styled.nav`
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space.xs} ${theme.space.sm};
    ${listReset}
    margin: 0 0 ${theme.space.md};
    font-size: ${theme.font.size.sm};
    color: ${theme.colors.inkSoft};
  }
  li + li::before {
    content: '›';
    margin-right: ${theme.space.sm};
  }
  a {
    color: ${theme.colors.inkSoft};
  }
`
