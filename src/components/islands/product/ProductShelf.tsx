/**
 * A product shelf of a content page (a CMS `productShelf` block): its title, a link to see all, and the
 * products the build found for it, each card with the wishlist's heart. A deferred island
 * (islands/deferred.tsx): the cards are links that work without its code, the hearts act once it is in.
 */
import styled from 'styled-components'
import { homeTexts } from '../../../config/texts/home'
import { theme } from '../../../config/theme'
import type { ProductSummary } from '../../../domain/types'
import { Block } from '../../ui/cmsBlock'
import { listReset } from '../../ui/listReset'
import { ProductCard } from '../../ui/ProductCard'
import { SiteLink } from '../../ui/SiteLink'
import { cardHeart } from '../account/WishlistHeart'

/** What a shelf shows of its block (cms/schema/sections.ts, `productShelf`). */
interface ShelfBlock {
  title: string
  seeAllUrl?: string
}

/** A shelf the build found no products for shows nothing. */
export function ProductShelf({ section, products }: { section: ShelfBlock; products: ProductSummary[] }) {
  if (products.length === 0) return null
  return (
    <Block data-testid="cms-product-shelf">
      <ShelfHead>
        <h2>{section.title}</h2>
        {section.seeAllUrl && <SiteLink to={section.seeAllUrl}>{homeTexts.seeAll}</SiteLink>}
      </ShelfHead>
      <Shelf>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} loading="lazy" corner={cardHeart} />
          </li>
        ))}
      </Shelf>
    </Block>
  )
}


const ShelfHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.md};
  a {
    font-size: ${theme.font.size.sm};
    white-space: nowrap;
  }
`
const Shelf = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(160px, 44%);
  gap: ${theme.space.md};
  overflow-x: auto;
  ${listReset}
  padding: 0 0 ${theme.space.sm};
  scroll-snap-type: x mandatory;
  li {
    scroll-snap-align: start;
    display: flex;
  }
  li > * {
    flex: 1;
  }
  ${theme.media.nav} {
    grid-auto-columns: calc((100% - 3 * ${theme.space.md}) / 4);
  }
`
