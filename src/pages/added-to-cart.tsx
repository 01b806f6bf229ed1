import { Link, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { Layout } from '../components/sections/Layout'
import { Button } from '../components/ui/Button'
import { Price } from '../components/ui/Price'
import { ProductImage } from '../components/ui/ProductImage'
import { SeoHead } from '../components/ui/SeoHead'
import { addToCartOutcome, paths } from '../config/paths'
import { cartTexts } from '../config/texts/cart'
import { productTexts } from '../config/texts/product'
import { addedToCartTexts } from '../config/texts/addedToCart'
import { useAddedToCart } from '../sdk/product/addedToCart'
import { useMinicart } from '../sdk/shell/panels'
import { theme } from '../config/theme'

export function Head() {
  return <SeoHead title={addedToCartTexts.title} description={addedToCartTexts.title} path="/added-to-cart" pageType="other" noindex />
}

/**
 * The landing of an add to cart (req ROUTE-07): where the add-to-cart form
 * lands without JavaScript (req CART-30), and the page a shopper may reopen
 * later. It confirms the add only when the cart holds the line the address
 * names, read once the page has hydrated; otherwise it says the product is
 * not in the cart. Without JavaScript the cart cannot be read here, so the
 * static page confirms only the form's own answer (its `#aggiunto`
 * fragment, shown through `:target`).
 */
export default function AddedToCartPage({ location }: PageProps) {
  const { openMinicart } = useMinicart()
  const state = useAddedToCart(new URLSearchParams(location.search).get('skuId'))
  const added = state.status === 'added' ? state.product : null
  return (
    <Layout>
      <Card data-testid="added-to-cart" data-state={state.status} aria-busy={state.status === 'checking'}>
        <noscript>
          <Confirmed id={addToCartOutcome.added} data-testid="added-without-script">
            <Title>
              <Check aria-hidden="true">✓</Check> {addedToCartTexts.title}
            </Title>
          </Confirmed>
          <Unconfirmed data-testid="added-unconfirmed">
            <Title>{cartTexts.title}</Title>
            <p>{addedToCartTexts.noScript}</p>
          </Unconfirmed>
          <Actions>
            <Button as="a" href="/" $variant="secondary">
              {addedToCartTexts.continue}
            </Button>
            <Button as="a" href="/api/cart/checkout" data-testid="checkout-without-script">
              {cartTexts.checkout}
            </Button>
          </Actions>
        </noscript>
        {state.status === 'added' && (
          <Title>
            <Check aria-hidden="true">✓</Check> {addedToCartTexts.title}
          </Title>
        )}
        {state.status === 'missing' && (
          <>
            <Title>{addedToCartTexts.notAddedTitle}</Title>
            <p data-testid="added-missing">{addedToCartTexts.notAdded}</p>
          </>
        )}
        {added && (
          <Line data-testid="added-product" data-sku={added.skuId}>
            <Thumb>{added.image && <ProductImage image={added.image} width={120} breakpoints={[120, 240]} loading="eager" />}</Thumb>
            <div>
              <Brand>{added.brand}</Brand>
              <Link to={paths.product(added.slug)}>
                <strong>{added.name}</strong>
              </Link>
              <p>
                {added.variantName}
                {added.subscription && ` · ${productTexts.subscription}: ${added.subscription}`}
              </p>
              <p>{addedToCartTexts.quantity(added.quantity)}</p>
              <Price price={added.unitPrice} listPrice={added.listPrice} />
            </div>
          </Line>
        )}
        {state.status !== 'checking' && (
          <Actions>
            <Button as={Link} to={added ? paths.product(added.slug) : '/'} $variant="secondary" data-testid="continue-shopping">
              {addedToCartTexts.continue}
            </Button>
            <Button type="button" onClick={openMinicart} data-testid="go-to-cart">
              {addedToCartTexts.goToCart}
            </Button>
          </Actions>
        )}
      </Card>
    </Layout>
  )
}

const Card = styled.section`
  max-width: 720px;
  min-height: 240px;
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
/* Without JavaScript: the confirmation shows only on the form's own answer, and the other text in its place otherwise. */
const Confirmed = styled.div`
  display: none;
  /* The browser scrolls the target into view: below the sticky header, not under it. */
  scroll-margin-top: 120px;
  &:target {
    display: block;
  }
`
const Unconfirmed = styled.div`
  ${Confirmed}:target ~ & {
    display: none;
  }
`
