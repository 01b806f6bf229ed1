/** The product page's description and grouped properties: static (see staticSection). */
import styled from 'styled-components'
import { groupProperties } from '../../domain/properties'
import type { Product } from '../../domain/types'
import { productTexts } from '../../config/texts/product'
import { theme } from '../../config/theme'

export function ProductInformation({ product }: { product: Product }) {
  const groups = groupProperties(product.properties)
  return (
    <Sections>
      <section>
        <h2>{productTexts.description}</h2>
        <p>{product.description}</p>
      </section>
      {groups.length > 0 && (
        <section>
          <h2>{productTexts.properties}</h2>
          <dl data-testid="product-properties">
            {groups.map((group) => (
              <div key={group.name} data-testid="property-group">
                <dt>{group.name}</dt>
                <dd>{group.values.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </Sections>
  )
}

const Sections = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  align-items: start;
  gap: ${theme.space.lg};
  margin-top: ${theme.space.lg};
  section {
    padding: ${theme.space.md};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
  }
  h2 {
    margin-top: 0;
    font-size: ${theme.font.size.lg};
  }
  dl {
    margin: 0;
  }
  dl div {
    display: grid;
    grid-template-columns: minmax(120px, 40%) 1fr;
    gap: ${theme.space.md};
    padding: ${theme.space.sm} 0;
    border-bottom: 1px solid ${theme.colors.line};
    font-size: ${theme.font.size.sm};
  }
  dt {
    color: ${theme.colors.inkSoft};
  }
  dd {
    margin: 0;
  }
  ${theme.media.nav} {
    grid-template-columns: 1fr 1fr;
  }
`
