import styled from 'styled-components'
import { GuestOrderLookup } from '../components/islands/account/GuestOrderLookup'
import { Layout } from '../components/sections/Layout'
import { SeoHead } from '../components/ui/SeoHead'
import { paths } from '../config/paths'
import { guestOrderTexts } from '../config/texts/guestOrder'
import { theme } from '../config/theme'

export function Head() {
  return <SeoHead title={guestOrderTexts.title} description={guestOrderTexts.intro} path={paths.guestOrder} pageType="other" noindex />
}

/** The guest-order page (req ID-13): a guest finds an order by its number and the email given at checkout. */
export default function GuestOrderPage() {
  return (
    <Layout>
      <Card>
        <h1>{guestOrderTexts.title}</h1>
        <p id="guest-order-intro">{guestOrderTexts.intro}</p>
        <GuestOrderLookup />
      </Card>
    </Layout>
  )
}

const Card = styled.section`
  max-width: 640px;
  margin: ${theme.space.lg} auto;
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  h1 {
    margin: 0 0 ${theme.space.sm};
    font-size: ${theme.font.size.xl};
  }
`
