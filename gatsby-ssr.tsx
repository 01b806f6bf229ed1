import type { GatsbySSR } from 'gatsby'
import { PageShell } from './src/components/islands/PageShell'
import { RootProviders } from './src/components/islands/RootProviders'

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => <PageShell>{element}</PageShell>

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'it' })
}
