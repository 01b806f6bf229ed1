/**
 * axe-core as the journeys run it: only what is serious or critical, one line
 * per rule and the nodes it found.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** WCAG 2.1 A and AA and best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * The serious and critical violations on the page, or inside `include` (a CSS selector) when given. Every rule
 * axe runs by default, or only those of `tags`, or only the rule ids of `rules`.
 */
export async function severeViolations(page: Page, { include, tags, rules }: { include?: string; tags?: string[]; rules?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page })
  if (rules) builder = builder.withRules(rules)
  else if (tags) builder = builder.withTags(tags)
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
