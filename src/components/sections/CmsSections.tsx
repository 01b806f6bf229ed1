/**
 * Renders the blocks editors compose pages from (cms/schema/sections.ts). The
 * product shelves arrive filled by the build, aligned with the blocks, and
 * their cards carry the wishlist's hearts, so they hydrate; every other block
 * is static (CmsBlocks.tsx, see staticSection): its HTML is kept as the server
 * wrote it and its component reaches the browser only for client-side
 * navigation.
 */
import styled from 'styled-components'
import { listReset } from '../ui/listReset'
import type { CmsSection } from '../../../cms/schema/sections'
import type { ProductSummary } from '../../domain/types'
import { homeTexts } from '../../config/texts/home'
import { ProductCard } from '../ui/ProductCard'
import { cardHeart } from '../islands/account/WishlistHeart'
import { SiteLink } from '../ui/SiteLink'
import { theme } from '../../config/theme'
import { staticSection } from '../shell/staticSection'
import { Block } from './cmsBlock'

type BlocksModule = typeof import('./CmsBlocks')
const blocksOnServer: BlocksModule | null =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack leaves out of the browser's bundle, which an import could not be
  process.env.BUILD_STAGE === 'build-javascript' || process.env.BUILD_STAGE === 'develop' ? null : (require('./CmsBlocks') as BlocksModule)
const CmsBlock = staticSection('cms-block', blocksOnServer?.CmsBlock ?? null, () => import(/* webpackChunkName: "cms-blocks" */ './CmsBlocks').then((m) => m.CmsBlock))

interface Props {
  sections: CmsSection[]
  /** Products of each productShelf block, by the block's index; null for other blocks. */
  shelves: (ProductSummary[] | null)[]
  /** The first hero's picture loads at once: it is what the shopper sees first. */
  eagerFirst?: boolean
}

export function CmsSections({ sections, shelves, eagerFirst = true }: Props) {
  return (
    <>
      {sections.map((section, i) =>
        section.type === 'productShelf' ? (
          <ProductShelfSection key={`${section.type}-${i}`} section={section} products={shelves[i] ?? []} />
        ) : (
          <CmsBlock key={`${section.type}-${i}`} section={section} eager={eagerFirst && i === 0} />
        ),
      )}
    </>
  )
}

/** A shelf the build found no products for shows nothing. */
function ProductShelfSection({ section, products }: { section: Extract<CmsSection, { type: 'productShelf' }>; products: ProductSummary[] }) {
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
