import { graphql, Link, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { focusRing } from '../components/ui/focusRing'
import { listReset } from '../components/ui/listReset'
import { cmsData, type CmsContentResult } from '../cms/content'
import { subHeaderItems } from '../components/islands/navigation/SubHeader'
import { Layout } from '../components/sections/Layout'
import { Button } from '../components/ui/Button'
import { Logo } from '../components/ui/Logo'
import { headerTexts } from '../config/texts/header'
import { pagesTexts } from '../config/texts/pages'
import { theme } from '../config/theme'

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>{`${pagesTexts.fromAppTitle} | Zampa`}</title>
      <meta name="robots" content="noindex" />
    </>
  )
}

/** The mobile app's landing path (req ROUTE-09): the app shows its own chrome, so the page is bare. */
export default function FromAppPage({ data }: PageProps<CmsContentResult>) {
  const animals = subHeaderItems(cmsData('menu', data))
  return (
    <Layout variant="bare">
      <Box>
        <Link to="/" aria-label={headerTexts.home}>
          <Logo />
        </Link>
        <h1>{pagesTexts.fromAppTitle}</h1>
        <p>{pagesTexts.fromAppBody}</p>
        <Grid>
          {animals.map((animal) => (
            <li key={animal.title}>
              <Link to={animal.titleURL ?? '/'} data-testid="from-app-category">
                {animal.subHeaderImage && <img src={animal.subHeaderImage} alt="" width={640} height={400} />}
                <span>{animal.title}</span>
              </Link>
            </li>
          ))}
        </Grid>
        <Button as={Link} to="/" $block>
          {pagesTexts.fromAppStart}
        </Button>
      </Box>
    </Layout>
  )
}

const Box = styled.div`
  max-width: 720px;
  margin: 0 auto;
  padding: ${theme.space.lg} ${theme.space.md};
  text-align: center;
  h1 {
    margin: ${theme.space.md} 0 ${theme.space.sm};
  }
  p {
    color: ${theme.colors.inkSoft};
  }
`
const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.md};
  ${listReset}
  margin: ${theme.space.lg} 0;
  a {
    display: block;
    overflow: hidden;
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
    font-weight: ${theme.font.weight.bold};
    text-decoration: none;
    box-shadow: ${theme.shadow.card};
    ${focusRing()}
  }
  img {
    display: block;
    width: 100%;
    height: auto;
  }
  span {
    display: block;
    padding: ${theme.space.sm};
  }
`

export const query = graphql`
  query FromAppPage {
    cmsContent(name: { eq: "menu" }) {
      data
    }
  }
`
