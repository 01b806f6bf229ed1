import { z } from 'zod/v4'
import { color, image, link } from './common'

const imageLink = z.strictObject({
  name: z.string().min(1).describe('What the picture shows; it is the link\'s accessible name.'),
  link: link(),
  logoImage: image(),
})

export const footerSchema = z.strictObject({
  sections: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        titleColor: color().optional(),
        items: z.array(z.strictObject({ label: z.string().min(1), labelColor: color().optional(), labelURL: link() })).min(1),
      }),
    )
    .min(1)
    .describe('Accordion sections: collapsible on phones, always open from 1024 px.'),
  contactInfo: z.strictObject({
    appleLink: link().describe('The app on the App Store.'),
    googleLink: link().describe('The app on Google Play.'),
    social: z.array(imageLink).describe('Social profiles; they open in a new tab.'),
    vetRegistry: imageLink.describe('The veterinary e-commerce registry logo and its link.'),
    award: z.strictObject({ label: z.string().min(1), link: link(), logoImage: image() }),
    businessData: z.array(z.string().min(1)).min(1).describe('Company name, address, VAT number…, one line each.'),
  }),
  paymentIcons: z.array(z.strictObject({ name: z.string().min(1), logoImage: image() })),
  customerService: z.strictObject({
    title: z.string().min(1),
    phoneTitle: z.string().min(1),
    phone: z.string().min(1),
    secondTitle: z.string().min(1),
    secondLink: link(),
    secondValue: z.string().min(1),
    businessDays: z.string().min(1),
    hours: z.string().min(1),
    mapLabel: z.string().min(1),
    mapLink: link(),
  }),
})
