import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Minicart } from '../islands/Minicart'
import { Toasts } from '../islands/Toasts'
import { Footer } from './Footer'
import { Header } from './Header'

/**
 * The layouts of spec §2 "Layout variants":
 * - main: the page frame around content of the site's maximum width;
 * - full-width: the same frame, content edge to edge (flyers, landing pages);
 * - bare: no frame at all (institutional-for-app pages, flyers with noLayout).
 */
export type LayoutVariant = 'main' | 'full-width' | 'bare'

export function Layout({ children, variant = 'main' }: { children: ReactNode; variant?: LayoutVariant }) {
  if (variant === 'bare') return <Bare id="main">{children}</Bare>
  return (
    <>
      <Header />
      {variant === 'full-width' ? <FullWidth id="main">{children}</FullWidth> : <Main id="main">{children}</Main>}
      <Footer />
      <Minicart />
      <Toasts />
    </>
  )
}

const Main = styled.main`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  min-height: 60vh;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
`
const FullWidth = styled.main`
  min-height: 60vh;
`
const Bare = styled.main`
  min-height: 100vh;
`
