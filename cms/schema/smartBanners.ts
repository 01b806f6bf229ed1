import { z } from 'zod/v4'
import { color, image, link } from './common'

const device = z.strictObject({
  backgroundColor: color(),
  componentPosition: z.enum(['left', 'center', 'right', 'full']).describe('Where the banner sits along the bottom of the page.'),
  closeIconColor: color(),
  imageSrc: image(),
  imageAlt: z.string(),
  title: z.string().min(1),
  text: z.string(),
  textColor: color(),
  buttonBackgroundColor: color(),
  buttonText: z.string().min(1),
  buttonTextColor: color(),
  link: link().describe('Download: where the button leads. Copy link: what the button copies.'),
})

export const smartBannersSchema = z.strictObject({
  banners: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens').describe('Remembers that a shopper closed it.'),
      type: z.enum(['download', 'copyLink']),
      showOnDesktop: z.boolean(),
      showOnMobile: z.boolean(),
      desktop: device,
      mobile: device,
    }),
  ),
})
