import type { GatsbyBrowser } from 'gatsby'
import { RootProviders } from './src/components/islands/RootProviders'

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>
