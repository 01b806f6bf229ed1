import type { GatsbyConfig } from 'gatsby'
import { usesVtex } from './src/config/imageHosts'
import { shopConfig } from './src/config/shop'

// The pages carry VTEX's picture addresses only when some capability is on VTEX (src/domain/images.ts); Gatsby
// inlines every GATSBY_ variable it finds once this file is read.
process.env.GATSBY_VTEX_PICTURES = usesVtex(process.env) ? 'on' : 'off'

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Zampa',
    description: 'Alimenti, accessori e cure per cani, gatti e piccoli animali, con ritiro in negozio.',
    siteUrl: shopConfig.storeUrl,
  },
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  graphqlTypegen: false,
  plugins: [
    {
      resolve: 'gatsby-plugin-styled-components',
      // A component's name in its class (`Bar-sc-…`) helps in `gatsby develop` only; in a build it was a
      // string per component in the pages' JavaScript and in every class attribute of their HTML.
      options: { displayName: process.env.NODE_ENV !== 'production', fileName: false },
    },
  ],
}

export default config
