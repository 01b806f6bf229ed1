/**
 * The navigation menu (req ENTITY-02): the drawer, the sub-header and
 * the top-category links all read it. An item is either a branch (it has a
 * nextLevel of items; its own titleURL is optional) or a link (no nextLevel;
 * titleURL required). Items nest four levels deep; each level is its own
 * schema, so a fifth level is a content error, not a silent drop.
 */
import { z } from 'zod/v4'
import { color, image, link } from './common'

const linkOrChildren = 'an item needs a titleURL or a nextLevel with items'

const itemFields = {
  title: z.string().min(1).describe('The text of the item.'),
  titleURL: link().optional().describe('Where the item leads. Optional on an item with a nextLevel.'),
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

/** An item without children: it leads somewhere, so its titleURL is required. */
const menuLink = z
  .strictObject({ ...itemFields, titleURL: link(linkOrChildren).describe('Where the item leads.') })
  .describe('A link: an item without a nextLevel, with its titleURL.')

/** An item that opens a next level of items; its titleURL (the category page) is optional. */
const menuBranch = <Next extends z.ZodType>(next: Next) =>
  z
    .strictObject({ ...itemFields, nextLevel: z.array(next).min(1, linkOrChildren).describe('The items of the next level.') })
    .describe('A branch: an item with a nextLevel of items; its titleURL is optional.')

const level4 = menuLink
const level3 = z.union([menuBranch(level4), menuLink])
const level2 = z.union([menuBranch(level3), menuLink])
const level1 = z.union([menuBranch(level2), menuLink])

const menuShape = z.strictObject({
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

/** The menu as components read it: every item a MenuItem, whatever its level. */
export type Menu = Omit<z.infer<typeof menuShape>, 'items'> & { items: MenuItem[] }

export const menuSchema: z.ZodType<Menu, z.input<typeof menuShape>> = menuShape

/** An item without children; it always leads somewhere. */
export type MenuLink = z.infer<typeof menuLink> & { nextLevel?: undefined }
/** An item with a next level; its own link is optional. */
export type MenuBranch = Omit<MenuLink, 'titleURL' | 'nextLevel'> & { titleURL?: string; nextLevel: MenuItem[] }
/** One menu item at any level: a branch or a link. */
export type MenuItem = MenuBranch | MenuLink
