/**
 * The open category drawer (req DRAWER-01, DRAWER-02, DRAWER-05), mounted by CategoryDrawer while
 * its panel is open. Below 1024 px one level shows at a time; from 1024 px the
 * levels cascade and follow the pointer. It is a modal: focus moves in when it
 * mounts and goes back to the button when it unmounts, Tab stays inside, the
 * page does not scroll, and Escape or a press outside closes it. Every opening
 * starts at the main level. Portalled to the body so no stacking context of the
 * sticky header can cover it.
 */
import { useReducer, useRef, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Dialog, Overlay } from '../../ui/Dialog'
import type { CmsData } from '../../../cms/content'
import { drawerTexts } from '../../../config/texts/drawer'
import { drawerPanels, drawerReducer, mainLevel } from '../../../sdk/navigation/drawer'
import { useDesktopNavigation, useModal, useOutsidePress } from '../../../sdk/shell/overlay'
import { DrawerPanel } from './DrawerPanel'

interface Props {
  menu: CmsData<'menu'>
  /** The button that opened it: a press on it is the button's own toggle, not a press outside. */
  buttonRef: RefObject<HTMLButtonElement | null>
  close(): void
}

export default function CategoryDrawerDialog({ menu, buttonRef, close }: Props) {
  const [state, dispatch] = useReducer(drawerReducer, mainLevel)
  const desktop = useDesktopNavigation()
  const device = desktop ? 'desktop' : 'mobile'
  const dialogRef = useRef<HTMLDivElement>(null)
  useOutsidePress([dialogRef, buttonRef], true, close)
  useModal(dialogRef, true, close)

  const panels = drawerPanels(menu.items, state, device)
  const shown = desktop ? panels : panels.slice(-1)

  return createPortal(
    <>
      <Overlay aria-hidden="true" />
      <Dialog
        ref={dialogRef}
        $placement="left"
        id="category-drawer"
        aria-label={drawerTexts.title}
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
  )
}
