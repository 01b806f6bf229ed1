/**
 * The categories button and the drawer it opens (spec §2.4, §4). Below
 * 1024 px one level shows at a time in a panel at most 320 px wide, with
 * 'Torna indietro' and 'Chiudi'; from 1024 px the levels cascade in 360 px
 * panels and follow the pointer. Closing (button, outside press, Escape)
 * resets the drawer to the main level. The open drawer is portalled to the
 * body so no stacking context of the sticky header can cover it.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { createPortal } from 'react-dom'
import styled from 'styled-components'
import { visuallyHidden } from '../ui/visuallyHidden'
import { headerControl } from '../ui/headerControl'
import type { CmsData } from '../../cms/content'
import { texts } from '../../config/texts'
import { closedDrawer, drawerPanels, drawerReducer } from '../../sdk/ui/drawer'
import { useDesktopNavigation, useDismiss, useFocusTrap } from '../../sdk/ui/overlay'
import { DrawerPanel } from './DrawerPanel'

export function CategoryDrawer({ menu }: { menu: CmsData<'menu'> }) {
  const [state, dispatch] = useReducer(drawerReducer, closedDrawer)
  const desktop = useDesktopNavigation()
  const device = desktop ? 'desktop' : 'mobile'
  const buttonRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const close = useCallback(() => dispatch({ type: 'CLOSE' }), [])

  useDismiss([dialogRef, buttonRef], state.open, close)
  useFocusTrap(dialogRef, state.open)
  useEffect(() => {
    if (!state.open) return
    document.body.classList.add('no-scroll')
    return () => document.body.classList.remove('no-scroll')
  }, [state.open])

  const panels = drawerPanels(menu.items, state, device)
  const shown = desktop ? panels : panels.slice(-1)

  return (
    <>
      <OpenButton
        ref={buttonRef}
        type="button"
        aria-expanded={state.open}
        aria-controls="category-drawer"
        data-testid="drawer-button"
        onClick={() => dispatch({ type: state.open ? 'CLOSE' : 'OPEN' })}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{texts.header.categories}</span>
      </OpenButton>
      {state.open &&
        createPortal(
          <>
            <Overlay aria-hidden="true" />
            <Dialog
              ref={dialogRef}
              id="category-drawer"
              role="dialog"
              aria-modal="true"
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
const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: rgba(0, 0, 0, 0.45);
`
const Dialog = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  display: flex;
  max-width: 100vw;
  outline: none;
  ${({ theme }) => theme.media.belowNav} {
    width: min(320px, 100vw - 32px);
  }
`
