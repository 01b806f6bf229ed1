import { act } from '@testing-library/react'
import type { ComponentType } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { navigate, prefetchPathname } from 'gatsby'
import { renderToString } from '../../testing/serverRender'
import { staticSection } from './staticSection'

interface Props {
  title: string
}

/** What the server renders: a heading, a site link, a link to another site and a link in a new tab. */
function Section({ title }: Props) {
  return (
    <section>
      <h2>{title}</h2>
      <a href="/cane">Cane</a>
      <a href="https://example.org/x">Fuori</a>
      <a href="/gatto" target="_blank">
        Nuova scheda
      </a>
    </section>
  )
}

/** The browser's component, which must never render the section's own component while hydrating. */
function Unexpected(): never {
  throw new Error('the section was rendered in the browser')
}

const serverHtml = (Server: ComponentType<Props>, props: Props) => renderToString(<Server {...props} />)

beforeEach(() => {
  document.body.innerHTML = ''
  jest.mocked(navigate).mockClear()
  jest.mocked(prefetchPathname).mockClear()
})

async function hydrated(name: string, props: Props, load = jest.fn((): Promise<ComponentType<Props>> => Promise.resolve(Unexpected)), onFollow = jest.fn()) {
  const html = serverHtml(staticSection(name, Section, load), props)
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.appendChild(container)
  const Browser = staticSection(name, null, load, { onFollow })
  const errors: unknown[] = []
  await act(async () => {
    hydrateRoot(container, <Browser {...props} />, { onRecoverableError: (error) => errors.push(error) })
  })
  return { container, html, load, onFollow, errors, Browser }
}

describe('staticSection', () => {
  it('renders its component on the server inside a box of its own', () => {
    const html = serverHtml(staticSection('plain', Section, () => Promise.resolve(Section)), { title: 'Ciao' })
    expect(html).toMatch(/^<div data-static="[^"]+"><section><h2>Ciao<\/h2>/)
  })

  it('hydrates as the server wrote it, without its component and without an error', async () => {
    const { container, html, errors } = await hydrated('hydrating', { title: 'Servito' })
    expect(errors).toEqual([])
    expect(container.innerHTML).toBe(html)
    expect(container.querySelector('h2')?.textContent).toBe('Servito')
  })

  it('keeps the same nodes the server wrote', async () => {
    const html = serverHtml(staticSection('nodes', Section, () => Promise.resolve(Section)), { title: 'Nodi' })
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const heading = container.querySelector('h2')
    const Browser = staticSection<Props>('nodes', null, () => Promise.resolve(Unexpected))
    await act(async () => {
      hydrateRoot(container, <Browser title="Nodi" />)
    })
    expect(container.querySelector('h2')).toBe(heading)
  })

  it('follows a site link client-side and reports it; other sites, new tabs and modified clicks are the browser’s', async () => {
    const { container, onFollow } = await hydrated('links', { title: 'Link' })
    // Whether the section took the click, seen past it; the browser's own navigation, which jsdom lacks, is skipped.
    let taken = false
    document.addEventListener('click', (event) => {
      taken = event.defaultPrevented
      event.preventDefault()
    })
    const click = (name: string, init: MouseEventInit = {}) => {
      const anchor = [...container.querySelectorAll('a')].find((a) => a.textContent === name)!
      anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))
      return taken
    }
    expect(click('Cane')).toBe(true)
    expect(navigate).toHaveBeenCalledWith('/cane')
    expect(onFollow).toHaveBeenCalledWith(expect.objectContaining({ textContent: 'Cane' }))
    expect(click('Fuori')).toBe(false)
    expect(click('Nuova scheda')).toBe(false)
    expect(click('Cane', { ctrlKey: true })).toBe(false)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(onFollow).toHaveBeenCalledTimes(4)
  })

  it('prefetches a site link’s page on hover and on focus, as Gatsby’s Link does; other sites’ links are left alone', async () => {
    const { container } = await hydrated('prefetch', { title: 'Prefetch' })
    const anchor = (name: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === name)!
    anchor('Cane').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    expect(prefetchPathname).toHaveBeenCalledWith('/cane')
    anchor('Fuori').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    anchor('Nuova scheda').focus()
    expect(prefetchPathname).toHaveBeenCalledWith('/gatto')
    expect(prefetchPathname).toHaveBeenCalledTimes(2)
  })

  it('after hydration, shows the same section again from its kept HTML, and another one from its component', async () => {
    const load = jest.fn((): Promise<ComponentType<Props>> => Promise.resolve(Section))
    const { Browser } = await hydrated('navigation', { title: 'Primo' }, load)
    const next = document.createElement('div')
    document.body.appendChild(next)
    const root = createRoot(next)
    await act(async () => root.render(<Browser title="Primo" />))
    expect(next.querySelector('[data-static] h2')?.textContent).toBe('Primo')
    await act(async () => root.render(<Browser title="Secondo" />))
    expect(next.querySelector('[data-static]')).toBeNull()
    expect(next.querySelector('h2')?.textContent).toBe('Secondo')
    expect(load).toHaveBeenCalled()
  })
})
