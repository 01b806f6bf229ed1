import { Link } from 'gatsby'
import styled from 'styled-components'
import { Chip } from '../ui/Chip'
import { listReset } from '../ui/listReset'

/** A row of category chips linking to their pages. */
export function CategoryLinks({ title, categories }: { title: string; categories: { slug: string; name: string }[] }) {
  if (categories.length === 0) return null
  return (
    <nav aria-label={title}>
      <Title>{title}</Title>
      <Chips>
        {categories.map((category) => (
          <li key={category.slug}>
            <Chip as={Link} to={`/${category.slug}`} $tone="outline" data-testid="category-link">
              {category.name}
            </Chip>
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
  ${listReset}
  margin: 0 0 ${({ theme }) => theme.space.lg};
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
`
