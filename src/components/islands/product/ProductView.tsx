/**
 * The top of a product page: gallery and buy box sharing the chosen variant,
 * so choosing a size or weight changes the price, the pictures and the
 * availability together. The variant is kept in the address (?skuId=), so a
 * shared link opens on the same one; the static HTML shows the first
 * available variant.
 */
import { useEffect, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import type { Product } from '../../../domain/types'
import { isOutOfStock } from '../../../domain/stock'
import { useViewItem } from '../../../sdk/analytics/useGa4'
import { ProductGallery } from '../../ui/ProductGallery'
import { PickupInStore, ProductBuyBox, WishlistHeart } from '../deferred'
import { theme } from '../../../config/theme'

export function defaultVariantIndex(product: Product): number {
  return Math.max(0, product.hasVariant.findIndex((v) => !isOutOfStock(v)))
}

export function ProductView({ product, children, footer }: { product: Product; children?: ReactNode; footer?: ReactNode }) {
  const [variantIndex, setVariantIndex] = useState(() => defaultVariantIndex(product))
  const [imageIndex, setImageIndex] = useState(0)
  useViewItem(product)

  useEffect(() => {
    const sku = new URLSearchParams(window.location.search).get('skuId')
    const index = product.hasVariant.findIndex((v) => v.sku === sku)
    if (index >= 0) setVariantIndex(index)
  }, [product])

  const choose = (index: number) => {
    setVariantIndex(index)
    setImageIndex(0)
    const sku = product.hasVariant[index]?.sku
    if (!sku) return
    const url = new URL(window.location.href)
    url.searchParams.set('skuId', sku)
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  }

  const variant = product.hasVariant[variantIndex] ?? product.hasVariant[0]
  return (
    <Grid data-testid="product-view">
      <ProductGallery images={variant?.image ?? []} selected={imageIndex} onSelect={setImageIndex} />
      <Info>
        {children}
        {variant && <WishlistHeart sku={variant.sku} slug={product.slug} productId={product.id} name={product.name} brand={product.brand.name} price={variant.offers.price} />}
        <ProductBuyBox product={product} variantIndex={variantIndex} onVariantChange={choose} />
        {variant && <PickupInStore items={[{ id: variant.sku, quantity: 1 }]} testId="product-pickup" />}
        {footer}
      </Info>
    </Grid>
  )
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.space.lg};
  background: ${theme.colors.surface};
  padding: ${theme.space.md};
  border-radius: ${theme.radius.md};
  ${theme.media.nav} {
    grid-template-columns: minmax(0, 560px) minmax(0, 1fr);
    gap: ${theme.space.xl};
    padding: ${theme.space.xl};
  }
`
const Info = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  min-width: 0;
`
