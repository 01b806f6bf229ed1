/**
 * The categories button and the drawer it opens (spec §2.4, §4). Below
 * 1024 px one level shows at a time in a panel at most 320 px wide, with
 * 'Torna indietro' and 'Chiudi'; from 1024 px the levels cascade in 360 px
 * panels and follow the pointer. It is the 'drawer' panel of the panel
 * system: a modal that traps focus and locks the scroll. Closing (button,
 * outside press, Escape) resets the drawer to the main level and returns
 * focus to the button. The open drawer is portalled to the body so no
 * stacking context of the sticky header can cover it.
 */
import { useEffect, useReducer, useRef } from 'react'
import { createPortal } from 'react-dom'
import styled from 'styled-components'
import { visuallyHidden } from '../ui/visuallyHidden'
import { headerControl } from '../ui/headerControl'
import { Dialog, Overlay } from '../ui/Dialog'
import type { CmsData } from '../../cms/content'
import { texts } from '../../config/texts'
import { closedDrawer, drawerPanels, drawerReducer } from '../../sdk/ui/drawer'
import { useDesktopNavigation, useModal, useOutsidePress } from '../../sdk/ui/overlay'
import { earlyTap } from '../../sdk/earlyTaps'
import { usePanel } from '../../sdk/ui/panels'
import { DrawerPanel } from './DrawerPanel'

export function CategoryDrawer({ menu }: { menu: CmsData<'menu'> }) {
  const { isOpen, toggle, close } = usePanel('drawer', { closeOnUnmount: true })
  const [state, dispatch] = useReducer(drawerReducer, closedDrawer)
  const desktop = useDesktopNavigation()
  const device = desktop ? 'desktop' : 'mobile'
  const buttonRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)

  // The panel system says whether the drawer is open; the reducer keeps its levels, reset on every opening and closing.
  useEffect(() => dispatch({ type: isOpen ? 'OPEN' : 'CLOSE' }), [isOpen])
  useOutsidePress([dialogRef, buttonRef], isOpen, close)
  useModal(dialogRef, isOpen, close)

  const panels = drawerPanels(menu.items, state, device)
  const shown = desktop ? panels : panels.slice(-1)

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
        <span>{texts.header.categories}</span>
      </OpenButton>
      {isOpen &&
        createPortal(
          <>
            <Overlay aria-hidden="true" />
            <Dialog
              ref={dialogRef}
              $placement="left"
              id="category-drawer"
              aria-label={texts.drawer.title}
              tabIndex={-1}
              data-testid="category-drawer"
              data-level={state.level}
              data-device={device}
            >
              {shown.map((panel) => {
                const level = (panels.indexOf(panel) + 1) as 1 | 2 | 3 | 4
                return (
                  <DrawerPanel
                    key={`${level}-${panel.parent?.title ?? 'main'}`}
                    level={level}
                    panel={panel}
                    path={panels.slice(1, level).map((p) => p.parent!.title)}
                    selected={state.selected[level - 1]}
                    desktop={desktop}
                    topCategory={level === 1 ? menu.topCategory : []}
                    dispatch={dispatch}
                    onNavigate={close}
                  />
                )
              })}
            </Dialog>
          </>,
          document.body,
        )}
    </>
  )
}

const OpenButton = styled.button`
  ${headerControl}
  grid-area: drawer;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  ${({ theme }) => theme.media.belowNav} {
    span {
      ${visuallyHidden}
    }
  }
`
