/** Stand-in for the `gatsby` module in component tests: Link renders a plain anchor. */
import type { AnchorHTMLAttributes, ReactNode } from 'react'

export function Link({ to, children, ...rest }: { to: string; children?: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

export const graphql = () => undefined
export const navigate = jest.fn()
export const prefetchPathname = jest.fn()
