import { Link } from 'gatsby'
import styled from 'styled-components'

/** A row of category chips linking to their pages. */
export function CategoryLinks({ title, categories }: { title: string; categories: { slug: string; name: string }[] }) {
  if (categories.length === 0) return null
  return (
    <nav aria-label={title}>
      <Title>{title}</Title>
      <Chips>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`/${category.slug}`} data-testid="category-link">
              {category.name}
            </Link>
          </li>
        ))}
      </Chips>
    </nav>
  )
}

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.sm};
`
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.belowNav} {
    flex-wrap: nowrap;
    overflow-x: auto;
    margin-right: -${({ theme }) => theme.space.md};
    padding-bottom: ${({ theme }) => theme.space.xs};
    scrollbar-width: none;
    li {
      flex: 0 0 auto;
    }
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.line};
    text-decoration: none;
    font-size: ${({ theme }) => theme.font.size.sm};
    white-space: nowrap;
  }
`
