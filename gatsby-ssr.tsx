import type { GatsbySSR } from 'gatsby'
import { RootProviders } from './src/components/islands/RootProviders'

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'it' })
}
