import type { GatsbyConfig } from 'gatsby'
import { storeConfig } from './src/config/store'

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Zampa',
    description: 'Alimenti, accessori e cure per cani, gatti e piccoli animali, con ritiro in negozio.',
    siteUrl: storeConfig.storeUrl,
  },
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  graphqlTypegen: false,
  plugins: ['gatsby-plugin-styled-components', 'gatsby-plugin-image'],
}

export default config
