/**
 * Which fast paths a build job takes, if any (./runner.ts runs the full build when none does, or when one fails):
 * - a change to the frame's content: the frame patched into every page (./frame.ts);
 * - a change to content pages' files (home, CMS pages, flyers, services booking): those pages rendered again
 *   (./content.ts);
 * - price or stock changes of named skus: the pages that show them rendered again (./catalog.ts);
 * - any of them at once, as a burst of publishes and price changes folds them into one job: the frame first, then
 *   the content pages, then the skus' pages, each into a release of its own.
 * Anything else (a product named by id, a job whose items were cut short) is a full build.
 */
import { skusOf } from './catalog'
import { PAGE_CONTENT_FILES } from '../src/build/contentChange'
import { FRAME_FILES } from './frame'
import type { BuildJob } from './runner'

export interface FastPlan {
  frame: boolean
  /** Content pages' files changed. */
  pages: string[]
  skus: string[]
}

const isCatalogItem = (item: string) => item.startsWith('sku:') || item.startsWith('product:')

/** The fast paths a job takes, or null when it needs a full build. */
export function fastPlan(job: BuildJob): FastPlan | null {
  if (!job.complete || job.items.length === 0) return null
  const content = job.items.filter((item) => !isCatalogItem(item))
  const catalog = job.items.filter(isCatalogItem)
  if (!content.every((file) => FRAME_FILES.includes(file) || PAGE_CONTENT_FILES.includes(file))) return null
  const skus = catalog.length > 0 ? skusOf(catalog) : []
  if (skus === null) return null
  return { frame: content.some((file) => FRAME_FILES.includes(file)), pages: content.filter((file) => PAGE_CONTENT_FILES.includes(file)), skus }
}
