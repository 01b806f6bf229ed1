import { z } from 'zod/v4'
import { scriptSource } from './common'
import { seo } from './sections'

export const servicesBookingSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).default('prenota-servizi'),
  ...seo,
  heading: z.string().min(1),
  intro: z.string().min(1),
  noLayout: z.boolean().default(false).describe('Without header and footer (the page inside the mobile app).'),
  scripts: z
    .array(
      z.strictObject({
        src: scriptSource().describe('The booking provider’s script.'),
        async: z.boolean().default(true),
      }),
    )
    .default([])
    .describe('External scripts the booking widget needs; loaded only on this page.'),
  services: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        description: z.string().min(1),
        duration: z.string().min(1),
        priceFrom: z.number().nonnegative().optional(),
      }),
    )
    .min(1),
  bookingTitle: z.string().min(1),
  bookingNote: z.string().min(1).describe('Shown where the booking widget appears, and in its place when its script cannot load.'),
})

export type ServicesBooking = z.infer<typeof servicesBookingSchema>
