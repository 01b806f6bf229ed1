/**
 * Smart banners (req BANNER-01, BANNER-02, ENTITY-04): app banners fixed at the bottom of the page,
 * styled per device (the desktop styling from 1024 px, the mobile one below).
 * A download banner links to the app; a copy-link banner copies its link and
 * shows 'COPIATO'. A clipboard failure is silent. One banner shows at a time,
 * so they never stack over the page; a closed one stays closed for the rest
 * of the visit and the next in the file takes its place.
 */
import { useEffect, useRef, useState } from 'react'
import styled, { css } from 'styled-components'
import { stringList } from '../../../wire/plain'
import { focusRing } from '../../ui/focusRing'
import type { CmsData } from '../../../cms/content'
import { smartBannerTexts } from '../../../config/texts/smartBanner'
import { browserStorage, stored } from '../../../sdk/core/storage'
import { useDesktopNavigation } from '../../../sdk/shell/overlay'
import { theme } from '../../../config/theme'

type Banner = CmsData<'smartBanners'>['banners'][number]
type Styling = Banner['desktop']

const CLOSED_KEY = 'main::smartBanners::closed'

const Closed = stringList

function readClosed(): string[] {
  return stored(browserStorage('sessionStorage')).read(CLOSED_KEY, Closed) ?? []
}

/** The address a copy-link banner copies: site paths become absolute on this site. */
export function copyTarget(link: string, origin: string): string {
  return link.startsWith('/') ? new URL(link, origin).toString() : link
}

export function SmartBanners({ banners }: { banners: Banner[] }) {
  const desktop = useDesktopNavigation()
  // Closed banners are only known in the browser; nothing shows before that is read.
  const [closed, setClosed] = useState<string[] | null>(null)
  useEffect(() => setClosed(readClosed()), [])
  const areaRef = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(0)
  useEffect(() => {
    const area = areaRef.current
    if (!area || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(area.offsetHeight))
    observer.observe(area)
    return () => observer.disconnect()
  })
  if (closed === null) return null

  const banner = banners.find((b) => !closed.includes(b.id) && (desktop ? b.showOnDesktop : b.showOnMobile))
  if (!banner) return null

  const close = (id: string) => {
    const next = [...closed, id]
    setClosed(next)
    // Private mode without storage: the banner still closes for this page.
    stored(browserStorage('sessionStorage')).write(CLOSED_KEY, next)
  }

  return (
    <>
      {/* Room at the end of the page, so the banner never hides the last of the footer. */}
      <div style={{ height }} aria-hidden="true" />
      <Area ref={areaRef} data-testid="smart-banners">
        <SmartBanner key={banner.id} banner={banner} styling={desktop ? banner.desktop : banner.mobile} onClose={() => close(banner.id)} />
      </Area>
    </>
  )
}

function SmartBanner({ banner, styling, onClose }: { banner: Banner; styling: Styling; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyTarget(styling.link, window.location.origin))
      setCopied(true)
    } catch {
      // A clipboard failure is silent (req BANNER-03).
    }
  }
  const titleId = `smart-banner-${banner.id}`
  return (
    <Box
      role="region"
      aria-labelledby={titleId}
      data-testid="smart-banner"
      data-type={banner.type}
      $position={styling.componentPosition}
      style={{ background: styling.backgroundColor, color: styling.textColor }}
    >
      <img src={styling.imageSrc} alt={styling.imageAlt} width={48} height={48} />
      <Texts>
        <strong id={titleId}>{styling.title}</strong>
        {styling.text && <span>{styling.text}</span>}
      </Texts>
      {banner.type === 'download' ? (
        <Action as="a" href={styling.link} target="_blank" rel="noopener noreferrer" style={{ background: styling.buttonBackgroundColor, color: styling.buttonTextColor }}>
          {styling.buttonText}
        </Action>
      ) : (
        <Action type="button" onClick={copy} aria-live="polite" data-testid="smart-banner-copy" style={{ background: styling.buttonBackgroundColor, color: styling.buttonTextColor }}>
          {copied ? smartBannerTexts.copied : styling.buttonText}
        </Action>
      )}
      <Close type="button" aria-label={`${smartBannerTexts.close}: ${styling.title}`} onClick={onClose} data-testid="smart-banner-close" style={{ color: styling.closeIconColor }}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Close>
    </Box>
  )
}

const Area = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.zIndex.smartBanner};
  display: flex;
  flex-direction: column;
  padding: ${theme.space.md};
  pointer-events: none;
  ${theme.media.belowNav} {
    padding: 0;
  }
`
const Box = styled.div<{ $position: Styling['componentPosition'] }>`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.banner};
  pointer-events: auto;
  ${({ $position }) =>
    $position === 'full'
      ? css`
          width: 100%;
          border-radius: 0;
        `
      : css`
          width: min(520px, 100%);
          align-self: ${$position === 'left' ? 'flex-start' : $position === 'right' ? 'flex-end' : 'center'};
        `}
  img {
    flex: none;
    border-radius: 12px;
  }
  ${theme.media.belowNav} {
    gap: ${theme.space.sm};
    border-top: 1px solid ${theme.colors.lineFaint};
    box-shadow: ${theme.shadow.bannerBottom};
    img {
      width: 40px;
      height: 40px;
    }
  }
`
const Texts = styled.span`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  font-size: ${theme.font.size.sm};
  line-height: 1.3;
  span {
    font-size: ${theme.font.size.xs};
    opacity: 0.9;
  }
`
const Action = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 ${theme.space.md};
  border: 0;
  border-radius: ${theme.radius.pill};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
  text-decoration: none;
  cursor: pointer;
  ${focusRing()}
`
const Close = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border: 0;
  background: none;
  cursor: pointer;
  ${focusRing()}
`
