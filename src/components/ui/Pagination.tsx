import { Link } from 'gatsby'
import styled from 'styled-components'
import { listReset } from './listReset'
import { listingTexts } from '../../config/texts/listing'
import { theme } from '../../config/theme'

interface Props {
  /** Zero-based current page. */
  page: number
  pages: number
  /** Address of a zero-based page. */
  hrefOf: (page: number) => string
}

/** Real links, so pages are reachable without JavaScript and shareable; the current page is marked. */
export function Pagination({ page, pages, hrefOf }: Props) {
  if (pages <= 1) return null
  const shown = pageWindow(page, pages)
  return (
    <Nav aria-label={listingTexts.pagination} data-testid="pagination">
      {page > 0 ? (
        <Link to={hrefOf(page - 1)} rel="prev" data-testid="page-previous">
          {listingTexts.previous}
        </Link>
      ) : (
        <span aria-hidden="true">{listingTexts.previous}</span>
      )}
      <ol>
        {shown.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefOf(p)} aria-current={p === page ? 'page' : undefined} aria-label={listingTexts.page(p + 1)} data-testid="page-link">
                {p + 1}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages - 1 ? (
        <Link to={hrefOf(page + 1)} rel="next" data-testid="page-next">
          {listingTexts.next}
        </Link>
      ) : (
        <span aria-hidden="true">{listingTexts.next}</span>
      )}
    </Nav>
  )
}

/** First, last, and the current page with one neighbour each side; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([0, pages - 1, page - 1, page, page + 1].filter((p) => p >= 0 && p < pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null)
    out.push(p)
  })
  return out
}

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.md};
  margin: ${theme.space.xl} 0;
  font-size: ${theme.font.size.sm};
  > span {
    color: ${theme.colors.inkSoft};
  }
  ol {
    display: flex;
    gap: ${theme.space.xs};
    ${listReset}
  }
  ol a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 40px;
    min-height: 40px;
    border-radius: ${theme.radius.pill};
    text-decoration: none;
  }
  ol a[aria-current='page'] {
    background: ${theme.colors.ink};
    color: ${theme.colors.inverse};
    font-weight: ${theme.font.weight.bold};
  }
`
