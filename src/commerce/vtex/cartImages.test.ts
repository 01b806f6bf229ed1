/**
 * A cart line's picture from Checkout's order form: VTEX answers a 55×55 thumbnail over http, which the line
 * keeps as the picture itself (https, unsized) so each page asks it at the size it shows.
 */
import { imageUrl } from '../../domain/images'
import { OrderForm, toCart } from './cart'
import { recordingsOf } from './testing/recordings'

// A build with a capability on VTEX (gatsby-config.ts) lets the pages ask VTEX's resizer.
const picturesBefore = process.env.GATSBY_VTEX_PICTURES
beforeAll(() => {
  process.env.GATSBY_VTEX_PICTURES = 'on'
})
afterAll(() => {
  process.env.GATSBY_VTEX_PICTURES = picturesBefore
})

const recordedForms = () => recordingsOf('GetCartInformationById', { sameAnswer: true }).filter((r) => r.response.status === 200)

describe('a VTEX cart line’s picture', () => {
  it('is the picture of Checkout’s thumbnail, over https with its cache buster, for every recorded order form', () => {
    const forms = recordedForms().map((r) => OrderForm.parse(r.response.body))
    const lines = forms.flatMap((form) => form.items.map((item, index) => ({ item, line: toCart(form).items[index]! })))
    const thumbnails = lines.filter(({ item }) => item.imageUrl?.startsWith('http://') && /-55-55\//.test(item.imageUrl))
    expect(thumbnails.length).toBeGreaterThan(0)
    for (const { item, line } of lines.filter(({ item }) => item.imageUrl)) {
      const [picture] = line.itemOffered.image
      const url = new URL(picture!.url)
      expect(url.protocol).toBe('https:')
      expect(url.pathname).toMatch(/\/ids\/\d+\//)
      expect(url.searchParams.get('v')).toBe(new URL(item.imageUrl!).searchParams.get('v'))
    }
  })

  it('is the unsized picture, so the page asks the size it shows rather than Checkout’s 55×55', () => {
    const form = OrderForm.parse({
      orderFormId: 'edbe3b03c8c94827a37ec5a6a4648fd2',
      items: [
        {
          id: '2737806', productId: '99995945', name: 'Handmade Steel Computer', quantity: 1, seller: '1', price: 18199, listPrice: 18199, isGift: false,
          // As FastStore recorded it from Checkout (ValidateCartMutation).
          imageUrl: 'http://storeframework.vteximg.com.br/arquivos/ids/168396-55-55/nihil.jpg?v=637753027573130000',
        },
      ],
    })
    const [picture] = toCart(form).items[0]!.itemOffered.image
    expect(picture!.url).toBe('https://storeframework.vteximg.com.br/arquivos/ids/168396/nihil.jpg?v=637753027573130000')
    expect(imageUrl(picture!.url, 150)).toBe('https://storeframework.vteximg.com.br/arquivos/ids/168396-150-150/nihil.jpg?v=637753027573130000')
  })
})
