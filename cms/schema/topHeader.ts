import { z } from 'zod/v4'
import { html, link } from './common'

export const topHeaderSchema = z.strictObject({
  links: z
    .array(
      z.strictObject({
        label: z.string().min(1),
        url: link(),
        openInNewTab: z.boolean().default(false),
      }),
    )
    .describe('Links at the sides of the black bar.'),
  promoPhrase: html().describe('The promotional phrase in the middle of the bar (sanitised HTML).'),
})
