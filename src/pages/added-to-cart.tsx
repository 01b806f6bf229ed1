import { Link, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { Layout } from '../components/sections/Layout'
import { Button } from '../components/ui/Button'
import { Price } from '../components/ui/Price'
import { ProductImage } from '../components/ui/ProductImage'
import { SeoHead } from '../components/ui/SeoHead'
import { paths } from '../config/paths'
import { texts } from '../config/texts'
import { readAddedProduct } from '../sdk/product/addedToCart'
import { useMinicart } from '../sdk/shell/panels'
import { useHydrated } from '../sdk/core/useHydrated'
import { theme } from '../config/theme'

export function Head() {
  return <SeoHead title={texts.addedToCart.title} description={texts.addedToCart.title} path="/added-to-cart" pageType="other" noindex />
}

/** Reached after adding to the cart: shows the added product, kept in session storage (req ROUTE-07). */
export default function AddedToCartPage({ location }: PageProps) {
  const hydrated = useHydrated()
  const { openMinicart } = useMinicart()
  const added = hydrated ? readAddedProduct(new URLSearchParams(location.search).get('skuId')) : null
  return (
    <Layout>
      <Card data-testid="added-to-cart">
        <Title>
          <Check aria-hidden="true">✓</Check> {texts.addedToCart.title}
        </Title>
        {added ? (
          <Line data-testid="added-product" data-sku={added.skuId}>
            <Thumb>{added.image && <ProductImage image={added.image} width={120} breakpoints={[120, 240]} loading="eager" />}</Thumb>
            <div>
              <Brand>{added.brand}</Brand>
              <Link to={paths.product(added.slug)}>
                <strong>{added.name}</strong>
              </Link>
              <p>
                {added.variantName}
                {added.subscription && ` · ${texts.product.subscription}: ${added.subscription}`}
              </p>
              <p>{texts.addedToCart.quantity(added.quantity)}</p>
              <Price price={added.unitPrice} listPrice={added.listPrice} />
            </div>
          </Line>
        ) : (
          hydrated && <p data-testid="added-missing">{texts.addedToCart.missing}</p>
        )}
        <Actions>
          <Button as={Link} to={added ? paths.product(added.slug) : '/'} $variant="secondary" data-testid="continue-shopping">
            {texts.addedToCart.continue}
          </Button>
          <Button type="button" onClick={openMinicart} data-testid="go-to-cart">
            {texts.addedToCart.goToCart}
          </Button>
        </Actions>
      </Card>
    </Layout>
  )
}

const Card = styled.section`
  max-width: 720px;
  margin: ${theme.space.lg} auto;
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
`
const Title = styled.h1`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.lg};
  font-size: ${theme.font.size.lg};
`
const Check = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${theme.colors.success};
  color: ${theme.colors.inverse};
`
const Line = styled.div`
  display: flex;
  gap: ${theme.space.md};
  min-height: 120px;
  p {
    margin: ${theme.space.xs} 0;
    font-size: ${theme.font.size.sm};
    color: ${theme.colors.inkSoft};
  }
  a {
    text-decoration: none;
  }
`
const Thumb = styled.div`
  flex: 0 0 120px;
`
const Brand = styled.span`
  display: block;
  font-size: ${theme.font.size.xs};
  text-transform: uppercase;
  color: ${theme.colors.inkSoft};
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.md};
  margin-top: ${theme.space.lg};
  > * {
    flex: 1 1 200px;
  }
`
