/**
 * Renders the blocks editors compose pages from (cms/schema/sections.ts). The
 * product shelves arrive filled by the build, aligned with the blocks, and
 * their cards carry the wishlist's hearts, so they hydrate; every other block
 * is static (CmsBlocks.tsx, see staticSection): its HTML is kept as the server
 * wrote it and its component reaches the browser only for client-side
 * navigation.
 */
import type { CmsSection } from '../../../cms/schema/sections'
import type { ProductSummary } from '../../domain/types'
import { ProductShelf } from '../islands/deferred'
import { staticSection } from '../shell/staticSection'

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
          // A shelf the build found no products for shows nothing, and loads nothing.
          shelves[i]?.length ? <ProductShelf key={`${section.type}-${i}`} section={section} products={shelves[i] ?? []} /> : null
        ) : (
          <CmsBlock key={`${section.type}-${i}`} section={section} eager={eagerFirst && i === 0} />
        ),
      )}
    </>
  )
}
