/**
 * The navigation menu (spec §3 "Menu item"): the drawer, the sub-header and
 * the top-category links all read it. Items nest four levels deep; each level
 * is its own schema so a fifth level is a content error, not a silent drop.
 */
import { z } from 'zod/v4'
import { color, image, link } from './common'

const itemFields = {
  title: z.string().min(1).describe('The text of the item.'),
  titleURL: link().optional().describe('Where the item leads. An item without children must have one.'),
  titleColor: color().optional(),
  subtitle: z.string().optional().describe('A short line under the title.'),
  subtitleColor: color().optional(),
  tag: z.string().optional().describe('A badge beside the title, such as "Novità".'),
  tagColor: color().optional().describe('Background of the badge.'),
  logoImage: image().optional().describe('A logo shown instead of the title (brands).'),
  label: z.string().optional().describe('A highlighted link under this item\'s next level, e.g. "Tutte le offerte cane".'),
  labelURL: link().optional(),
  separator: z.boolean().default(false).describe('Draws a line above the item.'),
  subHeaderPosition: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Top level only: the place of the item in the desktop sub-header (1 = first). Without it the item is not in the sub-header.'),
  subHeaderImage: image()
    .optional()
    .describe('Promotional image in the sub-header dropdown, shown while this item is hovered; it links to the item\'s titleURL.'),
  openInNewTab: z.boolean().default(false),
  isDesktop: z.boolean().default(true).describe('Shown on screens 1024 px and wider.'),
  isMobile: z.boolean().default(true).describe('Shown on screens narrower than 1024 px.'),
  showAll: z.boolean().default(false).describe('On mobile, the next level starts with a "Vedi tutti" link to this item\'s titleURL.'),
  alphabeticalMenu: z
    .boolean()
    .default(false)
    .describe('The next level is a brand list: sorted A–Z, grouped by initial, with a filter box.'),
}

const needsLinkOrChildren = (item: { titleURL?: string; nextLevel?: unknown[] }) => Boolean(item.titleURL) || Boolean(item.nextLevel?.length)
const linkOrChildren = { message: 'an item needs a titleURL or a nextLevel with items', path: ['titleURL'] }

const level4 = z.strictObject(itemFields).refine(needsLinkOrChildren, linkOrChildren)
const level3 = z.strictObject({ ...itemFields, nextLevel: z.array(level4).optional() }).refine(needsLinkOrChildren, linkOrChildren)
const level2 = z.strictObject({ ...itemFields, nextLevel: z.array(level3).optional() }).refine(needsLinkOrChildren, linkOrChildren)
const level1 = z.strictObject({ ...itemFields, nextLevel: z.array(level2).optional() }).refine(needsLinkOrChildren, linkOrChildren)

export const menuSchema = z.strictObject({
  items: z.array(level1).min(1).describe('The main level of the drawer, in order.'),
  topCategory: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        titleURL: link(),
        titleColor: color().optional(),
        openInNewTab: z.boolean().default(false),
      }),
    )
    .describe('Links at the bottom of the main drawer panel.'),
})

/** One menu item at any level; deeper levels simply lack nextLevel. */
export type MenuItem = Omit<z.infer<typeof level1>, 'nextLevel'> & { nextLevel?: MenuItem[] }
