import { renderToString } from '../../../testing/serverRender'
import { loginHref } from '../../../config/shop'
import { productReturn, WishlistHeart } from './WishlistHeart'

const heart = <WishlistHeart sku="SKU-7" slug="crocchette-adult-pollo" productId="P-7" name="Crocchette Adult" brand="Zampa" price={12.5} />

describe('a guest’s wishlist heart as the build writes it', () => {
  it('comes back from the login to the product’s own page on that variant, which adds it (req WISH-04)', () => {
    const back = new URL(productReturn('crocchette-adult-pollo', 'SKU-7'), 'http://shop.example')
    expect(back.pathname).toBe('/crocchette-adult-pollo/p')
    expect(back.searchParams.get('skuId')).toBe('SKU-7')
    expect(back.searchParams.get('wishlistAdd')).toBe('SKU-7')
  })

  it('is a link a tap before hydration, or a browser without JavaScript, follows to that login', () => {
    const html = renderToString(heart)
    const href = /href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
    expect(href).toBe(loginHref(productReturn('crocchette-adult-pollo', 'SKU-7')))
    expect(new URL(href!, 'http://shop.example').searchParams.get('returnUrl')).toContain('wishlistAdd=SKU-7')
  })
})
