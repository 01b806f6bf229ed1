/**
 * Stands in for the `gatsby` module in the preview bundle: the storefront's
 * components read their content through useStaticQuery, which here answers
 * with the editor's draft; links render as anchors that go nowhere, since the
 * preview is one page of the editing screen and not the site.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react'

export type PreviewContent = Record<string, unknown>

export const DraftContext = createContext<PreviewContent>({})

/** Every static query of the frame asks for content by name; the answer holds them all under their names. */
export function useStaticQuery<T>(_query?: unknown): T {
  const content = useContext(DraftContext)
  return Object.fromEntries(Object.entries(content).map(([name, data]) => [name, { data }])) as T
}

export const graphql = (..._args: unknown[]): undefined => undefined

export function navigate(): Promise<void> {
  return Promise.resolve()
}

/** Nothing to prefetch: the preview's links go nowhere. */
export function prefetchPathname(): void {}

export function Link({ to, children, activeClassName: _a, partiallyActive: _p, ...rest }: { to: string; children?: ReactNode; activeClassName?: string; partiallyActive?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

export const withPrefix = (path: string) => path
