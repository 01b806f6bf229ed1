import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Minicart } from '../islands/Minicart'
import { Toasts } from '../islands/Toasts'
import { Footer } from './Footer'
import { Header } from './Header'

/** The main layout: header, page content, footer, and the hydrated overlays. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <Main id="main">{children}</Main>
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
