import { graphql, Link, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { imageUrl } from '../domain/images'
import { fromProductNode, type ProductNode } from '../domain/productNode'
import { isOutOfStock } from '../domain/stock'
import type { Product } from '../domain/types'
import { ProductView } from '../components/islands/product/ProductView'
import { Layout } from '../components/sections/Layout'
import { DeliveryEstimate } from '../components/islands/deferred'
import { ProductBadges } from '../components/ui/ProductDetails'
import { Breadcrumbs, ProductInformation } from '../components/sections/staticSections'
import { breadcrumbJsonLd, SeoHead } from '../components/ui/SeoHead'
import { paths } from '../config/paths'
import { shopConfig } from '../config/shop'
import { absoluteUrl } from '../domain/url'
import { theme } from '../config/theme'

interface Data {
  product: ProductNode
}

export function Head({ data }: HeadProps<Data>) {
  const product = fromProductNode(data.product)
  const image = product.hasVariant[0]?.image[0]?.url
  return (
    <SeoHead
      title={product.name}
      description={`${product.brand.name} ${product.name}. ${product.description}`.slice(0, 155)}
      path={paths.product(product.slug)}
      pageType="productDetail"
      ogType="product"
      image={image ? imageUrl(image, 1200) : undefined}
      jsonLd={[productJsonLd(product), breadcrumbJsonLd(product.breadcrumbList)]}
    />
  )
}

export default function ProductPage({ data }: PageProps<Data>) {
  const product = fromProductNode(data.product)
  return (
    <Layout>
      <Breadcrumbs trail={product.breadcrumbList} />
      <ProductView product={product} footer={<DeliveryEstimate product={product} />}>
        <div>
          <BrandLink to={paths.brand(product.brand.slug)}>{product.brand.name}</BrandLink>
          <Name data-testid="product-name">{product.name}</Name>
        </div>
        <ProductBadges product={product} />
      </ProductView>
      <ProductInformation product={product} />
    </Layout>
  )
}

/** schema.org Product with one Offer per variant (spec: Product, Offer). */
function productJsonLd(product: Product): object {
  const url = absoluteUrl(shopConfig.storeUrl, paths.product(product.slug))
  const offers = product.hasVariant.map((v) => ({
    '@type': 'Offer',
    sku: v.sku,
    gtin13: v.gtin,
    name: v.name,
    price: v.offers.price.toFixed(2),
    priceCurrency: 'EUR',
    availability: isOutOfStock(v) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url: `${url}?skuId=${v.sku}`,
  }))
  const prices = product.hasVariant.map((v) => v.offers.price)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    productID: product.id,
    name: product.name,
    description: product.description,
    sku: product.hasVariant[0]?.sku,
    gtin13: product.hasVariant[0]?.gtin,
    brand: { '@type': 'Brand', name: product.brand.name },
    image: product.hasVariant.flatMap((v) => v.image.map((i) => imageUrl(i.url, 1200))),
    url,
    offers:
      offers.length === 1
        ? offers[0]
        : { '@type': 'AggregateOffer', priceCurrency: 'EUR', lowPrice: Math.min(...prices).toFixed(2), highPrice: Math.max(...prices).toFixed(2), offerCount: offers.length, offers },
  }
}

const BrandLink = styled(Link)`
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.sm};
  text-transform: uppercase;
  text-decoration: none;
  letter-spacing: 0.03em;
`
const Name = styled.h1`
  margin: ${theme.space.xs} 0 0;
  font-size: ${theme.font.size.xl};
  line-height: 1.2;
`

export const query = graphql`
  query ProductPage($slug: String!) {
    product(slug: { eq: $slug }) {
      ...ProductFields
    }
  }
`
