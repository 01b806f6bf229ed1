/**
 * The categories button and the drawer it opens (req DRAWER-01, DRAWER-02, DRAWER-05). Below
 * 1024 px one level shows at a time in a panel at most 320 px wide, with
 * 'Torna indietro' and 'Chiudi'; from 1024 px the levels cascade in 360 px
 * panels and follow the pointer. It is the 'drawer' panel of the panel
 * system: a modal that traps focus and locks the scroll. Closing (button,
 * outside press, Escape) resets the drawer to the main level and returns
 * focus to the button. The open drawer is portalled to the body so no
 * stacking context of the sticky header can cover it. The drawer itself
 * (CategoryDrawerDialog: its levels, panels and links) is fetched on the first
 * opening, or before at the browser's idle time through a prefetch hint, and is
 * never part of the first load; it mounts open and unmounts on closing.
 */
import { lazy, Suspense, useRef } from 'react'
import styled from 'styled-components'
import { visuallyHidden } from '../../ui/visuallyHidden'
import { headerControl } from '../../ui/headerControl'
import type { CmsData } from '../../../cms/content'
import { headerTexts } from '../../../config/texts/header'
import { earlyTap } from '../../../sdk/core/earlyTaps'
import { usePanel } from '../../../sdk/shell/panels'
import { theme } from '../../../config/theme'

const CategoryDrawerDialog = lazy(() => import(/* webpackPrefetch: true */ './CategoryDrawerDialog'))

export function CategoryDrawer({ menu }: { menu: CmsData<'menu'> }) {
  const { isOpen, toggle, close } = usePanel('drawer', { closeOnUnmount: true })
  const buttonRef = useRef<HTMLButtonElement>(null)

  return (
    <>
      <OpenButton
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls="category-drawer"
        data-testid="drawer-button"
        {...earlyTap('drawer')}
        onClick={toggle}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{headerTexts.categories}</span>
      </OpenButton>
      {isOpen && (
        <Suspense fallback={null}>
          <CategoryDrawerDialog menu={menu} buttonRef={buttonRef} close={close} />
        </Suspense>
      )}
    </>
  )
}

const OpenButton = styled.button`
  ${headerControl}
  grid-area: drawer;
  font-weight: ${theme.font.weight.bold};
  ${theme.media.belowNav} {
    span {
      ${visuallyHidden}
    }
  }
`
