import { Children, useEffect, type ReactNode } from 'react'
import styled from 'styled-components'
import { errorsTexts } from '../../config/texts/errors'
import { MinicartHost } from '../islands/cart/MinicartHost'
import { StorePickerHost } from '../islands/pickup/StorePickerHost'
import { Toasts } from '../shell/Toasts'
import { Footer } from './Footer'
import { Header } from './Header'
import { FrameRegion } from './frame/FrameRegion'
import { theme } from '../../config/theme'

/**
 * The layouts (req LAYOUT-01, LAYOUT-02, LAYOUT-03, LAYOUT-04):
 * - main: the page frame around content of the site's maximum width;
 * - full-width: the same frame, content edge to edge (flyers, landing pages);
 * - bare: no frame at all (institutional-for-app pages, flyers with noLayout,
 *   the services-booking page with noLayout).
 * A page with nothing to show gets the fallback text. `scripts` are external
 * scripts a page's config lists (the services-booking page); each is added
 * once, after the page has rendered.
 */
export type LayoutVariant = 'main' | 'full-width' | 'bare'

interface Props {
  children?: ReactNode
  variant?: LayoutVariant
  scripts?: readonly string[]
}

export function Layout({ children, variant = 'main', scripts = [] }: Props) {
  useExternalScripts(scripts)
  const content = Children.toArray(children).length > 0 ? children : <Fallback data-testid="page-fallback">{errorsTexts.fallback}</Fallback>
  if (variant === 'bare') return <Bare id="main">{content}</Bare>
  return (
    <>
      <FrameRegion part="header">
        <Header />
      </FrameRegion>
      {variant === 'full-width' ? <FullWidth id="main">{content}</FullWidth> : <Main id="main">{content}</Main>}
      <FrameRegion part="footer">
        <Footer />
      </FrameRegion>
      <MinicartHost />
      <StorePickerHost />
      <Toasts />
    </>
  )
}

export function useExternalScripts(scripts: readonly string[]): void {
  const key = scripts.join('\n')
  useEffect(() => {
    for (const src of key ? key.split('\n') : []) {
      if ([...document.scripts].some((script) => script.getAttribute('src') === src)) continue
      const script = document.createElement('script')
      script.src = src
      script.async = true
      document.body.appendChild(script)
    }
  }, [key])
}

const Main = styled.main`
  max-width: ${theme.layout.maxWidth};
  min-height: 60vh;
  margin: 0 auto;
  padding: ${theme.space.md};
`
const FullWidth = styled.main`
  min-height: 60vh;
`
const Bare = styled.main`
  min-height: 100vh;
`
const Fallback = styled.p`
  margin: ${theme.space.xl} auto;
  font-size: ${theme.font.size.lg};
  text-align: center;
`
