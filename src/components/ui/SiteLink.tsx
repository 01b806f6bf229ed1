import { Link } from 'gatsby'
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { headerTexts } from '../../config/texts/header'

type Props = { to: string; newTab?: boolean; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'>

/**
 * A content link: site paths go through Gatsby's Link (prefetch, client
 * navigation); http, mailto and tel addresses are plain anchors. A link that
 * opens a new tab says so to screen readers and drops the opener.
 */
export function SiteLink({ to, newTab = false, children, ...rest }: Props) {
  const note = newTab ? <span className="visually-hidden"> {headerTexts.newTab}</span> : null
  if (to.startsWith('/') && !to.startsWith('//') && !newTab) {
    return (
      <Link to={to} {...rest}>
        {children}
      </Link>
    )
  }
  return (
    <a href={to} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
      {note}
    </a>
  )
}
