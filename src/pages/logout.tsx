import styled from 'styled-components'
import { LogoutForm } from '../components/islands/account/LogoutForm'
import { Layout } from '../components/sections/Layout'
import { identityTexts } from '../config/texts/identity'
import { theme } from '../config/theme'

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>{`${identityTexts.logoutTitle} | Zampa`}</title>
      <meta name="robots" content="noindex" />
    </>
  )
}

/**
 * The store's own logout address (req ROUTE-13, ID-09, SEC-07): 'Esci' clears the browser's shopper state, then
 * posts the provider logout. Opening it logs no one out, since any site may link here.
 */
export default function LogoutPage() {
  return (
    <Layout variant="bare">
      <Box>
        <h1>{identityTexts.logoutTitle}</h1>
        <p>{identityTexts.logoutBody}</p>
        <LogoutForm />
      </Box>
    </Layout>
  )
}

const Box = styled.div`
  max-width: 480px;
  margin: 0 auto;
  padding: ${theme.space.xl} ${theme.space.md};
  text-align: center;
`
