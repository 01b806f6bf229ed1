import type { GatsbySSR } from 'gatsby'
import './src/wire/parserNow'
import { PageShell } from './src/components/shell/PageShell'
import { RootProviders } from './src/components/shell/RootProviders'
import { imageOrigin } from './src/config/shop'
import { earlyTapScript } from './src/sdk/core/earlyTaps'
import { ConsentBanner, consentStyle } from './src/components/shell/ConsentBanner'
import { consentScript } from './src/sdk/consent/consent'
import { gtmOrigin } from './src/config/tagManager'
import { BASE_STYLE_ID, baseStyle } from './src/components/ui/baseStyle'

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => <PageShell>{element}</PageShell>

/**
 * Language, icons and the web-app manifest (req PAGE-05: 'Fast Demo Store', BaseStore, start URL /), and the
 * base styles, the inline script that keeps taps made before hydration (src/sdk/core/earlyTaps.ts), and the cookie consent
 * (src/sdk/consent/consent.ts): its inline script and style, and its banner after the page.
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents, setPostBodyComponents }) => {
  setHtmlAttributes({ lang: 'it' })
  setHeadComponents([
    // First of all: Consent Mode defaults (denied) before any tag, and the banner's controls before the early-tap
    // script, which would otherwise keep their taps until hydration (req CONSENT-01, CONSENT-02).
    <script key="consent" dangerouslySetInnerHTML={{ __html: consentScript(process.env.GATSBY_GTM_ID, gtmOrigin(process.env.GATSBY_GTM_ORIGIN)) }} />,
    // The base styles as a constant stylesheet: nothing in the browser writes them again (baseStyle.ts).
    <style key="base-style" id={BASE_STYLE_ID} dangerouslySetInnerHTML={{ __html: baseStyle }} />,
    <style key="consent-style" dangerouslySetInnerHTML={{ __html: consentStyle }} />,
    <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="apple-icon" rel="apple-touch-icon" href="/icon-192.png" />,
    <link key="manifest" rel="manifest" href="/manifest.webmanifest" />,
    <meta key="theme-color" name="theme-color" content="#E31C58" />,
    <script key="early-taps" dangerouslySetInnerHTML={{ __html: earlyTapScript }} />,
    // Product pictures are the largest paint of most pages: their connection opens while the HTML is parsed.
    <link key="image-origin" rel="preconnect" href={imageOrigin} />,
  ])
  // Outside the React root: server-rendered, never hydrated (src/components/shell/ConsentBanner.tsx).
  setPostBodyComponents([<ConsentBanner key="consent-banner" />])
}
