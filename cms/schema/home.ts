import { z } from 'zod/v4'
import { sections, seo } from './sections'

export const homeSchema = z.strictObject({
  ...seo,
  heading: z.string().min(1).describe('The page heading (read by screen readers and search engines above the hero).'),
  sections,
})
