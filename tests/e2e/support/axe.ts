/**
 * axe-core as the journeys run it: WCAG 2.1 A and AA and best practices, and
 * only what is serious or critical, one line per rule and the nodes it found.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * The serious and critical violations on the page, or inside `include` (a CSS selector) when given;
 * `rules` narrows the check to those rule ids.
 */
export async function severeViolations(page: Page, { include, rules }: { include?: string; rules?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page })
  builder = rules ? builder.withRules(rules) : builder.withTags(axeTags)
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
