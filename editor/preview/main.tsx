/**
 * The preview inside the editing screen's frame: the storefront's own page
 * frame and templates (src/components, src/templates) rendered with the
 * editor's draft in place of the published file. The frame's page carries
 * every content file as published; the editing screen sends the draft of the
 * one being edited on each change, by postMessage from its own origin only.
 */
import { Component, useEffect, useState, type ReactElement, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { baseStyle } from '../../src/components/ui/baseStyle'
import { Layout } from '../../src/components/sections/Layout'
import { UIProvider } from '../../src/sdk/shell/panels'
import CmsPage from '../../src/templates/CmsPage'
import FlyerPage from '../../src/templates/FlyerPage'
import HomePage from '../../src/pages/index'
import ServicesBookingPage from '../../src/templates/ServicesBookingPage'
import { DraftContext, type PreviewContent } from './gatsby'
import { previewTexts } from './texts'

export interface DraftMessage {
  type: 'draft'
  name: string
  data: unknown
  /** Which page or flyer the preview shows, for the files that hold several. */
  item: number
}

const initial = JSON.parse(document.getElementById('published')?.textContent ?? '{}') as PreviewContent

// Template props the build would pass: the content, and no products (the preview does not query the catalog).
// A CMS page or flyer reads its own entry (`cmsEntry`), the other pages their whole file (`cmsContent`).
const props = <P,>(content: unknown, pageContext: Record<string, unknown>, query: 'cmsContent' | 'cmsEntry' = 'cmsContent') => ({ data: { [query]: { data: content } }, pageContext: { shelves: [], ...pageContext } }) as unknown as P

function Body({ content, name, item }: { content: PreviewContent; name: string; item: number }): ReactElement {
  if (name === 'pages') {
    const pages = (content.pages as { pages: { slug: string }[] }).pages
    const page = pages[Math.min(item, pages.length - 1)]
    if (page) return <CmsPage {...props<Parameters<typeof CmsPage>[0]>(page, { slug: page.slug, app: false }, 'cmsEntry')} />
  }
  if (name === 'flyers') {
    const flyers = (content.flyers as { flyers: { slug: string }[] }).flyers
    const flyer = flyers[Math.min(item, flyers.length - 1)]
    if (flyer) return <FlyerPage {...props<Parameters<typeof FlyerPage>[0]>(flyer, { slug: flyer.slug }, 'cmsEntry')} />
  }
  if (name === 'servicesBooking') return <ServicesBookingPage {...props<Parameters<typeof ServicesBookingPage>[0]>(content.servicesBooking, {})} />
  if (name === 'home') return <HomePage {...props<Parameters<typeof HomePage>[0]>(content.home, {})} />
  // The frame's own files (header, menu, account menu, footer, banners): the frame around an empty page.
  return (
    <Layout>
      <p>{previewTexts.frameOnly}</p>
    </Layout>
  )
}

/** A draft the components cannot render yet (a field still being filled) suspends the preview instead of breaking it. */
class Guard extends Component<{ children: ReactNode; draft: unknown }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidUpdate(previous: { draft: unknown }) {
    if (previous.draft !== this.props.draft && this.state.failed) this.setState({ failed: false })
  }
  override render() {
    return this.state.failed ? <p role="status">{previewTexts.suspended}</p> : this.props.children
  }
}

function Preview(): ReactElement {
  const [content, setContent] = useState<PreviewContent>(initial)
  const [shown, setShown] = useState<{ name: string; item: number }>({ name: 'topHeader', item: 0 })
  useEffect(() => {
    const receive = (event: MessageEvent<DraftMessage>) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return
      const message = event.data
      if (message?.type !== 'draft' || !Object.hasOwn(initial, message.name)) return
      setContent((c) => ({ ...c, [message.name]: message.data }))
      setShown({ name: message.name, item: message.item })
    }
    window.addEventListener('message', receive)
    // The preview is a picture of the page: following a link would leave the editing screen's frame.
    const stay = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.('a[href]')) event.preventDefault()
    }
    document.addEventListener('click', stay, true)
    window.parent.postMessage({ type: 'ready' }, window.location.origin)
    return () => {
      window.removeEventListener('message', receive)
      document.removeEventListener('click', stay, true)
    }
  }, [])
  const draft = content[shown.name]
  return (
    <DraftContext.Provider value={content}>
      <UIProvider>
        <style>{baseStyle}</style>
        <Guard draft={draft}>
          <Body content={content} name={shown.name} item={shown.item} />
        </Guard>
      </UIProvider>
    </DraftContext.Provider>
  )
}

createRoot(document.getElementById('preview')!).render(<Preview />)
