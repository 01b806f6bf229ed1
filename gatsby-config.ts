import type { GatsbyConfig } from 'gatsby'
import { shopConfig } from './src/config/shop'

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Zampa',
    description: 'Alimenti, accessori e cure per cani, gatti e piccoli animali, con ritiro in negozio.',
    siteUrl: shopConfig.storeUrl,
  },
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  graphqlTypegen: false,
  plugins: ['gatsby-plugin-styled-components'],
}

export default config
