import type { GatsbySSR } from 'gatsby'
import './src/wire/parserNow'
import { PageShell } from './src/components/shell/PageShell'
import { RootProviders } from './src/components/shell/RootProviders'
import { imageOrigin } from './src/config/shop'
import { earlyTapScript } from './src/sdk/core/earlyTaps'

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => <PageShell>{element}</PageShell>

/**
 * Language, icons and the web-app manifest (req PAGE-05: 'Fast Demo Store', BaseStore, start URL /), and the
 * inline script that keeps taps made before hydration (src/sdk/core/earlyTaps.ts).
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'it' })
  setHeadComponents([
    <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="apple-icon" rel="apple-touch-icon" href="/icon-192.png" />,
    <link key="manifest" rel="manifest" href="/manifest.webmanifest" />,
    <meta key="theme-color" name="theme-color" content="#E31C58" />,
    <script key="early-taps" dangerouslySetInnerHTML={{ __html: earlyTapScript }} />,
    // Product pictures are the largest paint of most pages: their connection opens while the HTML is parsed.
    <link key="image-origin" rel="preconnect" href={imageOrigin} />,
  ])
}
