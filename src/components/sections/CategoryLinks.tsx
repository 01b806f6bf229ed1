import { Link } from 'gatsby'
import styled from 'styled-components'
import { Chip } from '../ui/Chip'
import { listReset } from '../ui/listReset'
import { theme } from '../../config/theme'

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
  font-size: ${theme.font.size.md};
  margin: ${theme.space.lg} 0 ${theme.space.sm};
`
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  ${listReset}
  margin: 0 0 ${theme.space.lg};
  ${theme.media.belowNav} {
    flex-wrap: nowrap;
    overflow-x: auto;
    margin-right: -${theme.space.md};
    padding-bottom: ${theme.space.xs};
    scrollbar-width: none;
    li {
      flex: 0 0 auto;
    }
  }
`
