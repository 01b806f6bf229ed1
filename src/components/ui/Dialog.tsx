/**
 * The shell of every modal panel: a dimmed overlay and a fixed panel that
 * slides over from the right (minicart), sits on the left (category drawer)
 * covers the screen (filter modal), sits in the middle (session expired) or
 * is a card in the middle with a title bar and a scrolling body (the store and
 * product modals). Props only: what opens, closes and
 * traps focus is the panel system's (src/sdk/shell/panels.tsx, overlay.ts).
 */
import styled, { css } from 'styled-components'
import { theme } from '../../config/theme'

export type DialogPlacement = 'right' | 'left' | 'full' | 'center' | 'card'

export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.45);
  z-index: ${theme.zIndex.overlay};
`

const placements = {
  right: css`
    top: 0;
    right: 0;
    bottom: 0;
    width: min(100vw, ${theme.layout.minicartWidth});
    flex-direction: column;
    background: ${theme.colors.surface};
    box-shadow: -8px 0 24px rgba(0, 0, 0, 0.15);
    animation: slide-in 0.2s ease-out;
    @keyframes slide-in {
      from { transform: translateX(100%); }
      to { transform: translateX(0); }
    }
    @media (prefers-reduced-motion: reduce) {
      animation: none;
    }
  `,
  left: css`
    top: 0;
    bottom: 0;
    left: 0;
    max-width: 100vw;
    outline: none;
    ${theme.media.belowNav} {
      width: min(320px, 100vw - 32px);
    }
  `,
  full: css`
    inset: 0;
    flex-direction: column;
    background: ${theme.colors.surface};
  `,
  center: css`
    top: 50%;
    left: 50%;
    transform: translate(-50%, -50%);
    width: min(440px, 100vw - 32px);
    flex-direction: column;
    gap: ${theme.space.md};
    padding: ${theme.space.lg};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
    box-shadow: 0 8px 32px rgba(0, 0, 0, 0.25);
  `,
}

const card = css`
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(520px, 100vw - 24px);
  max-height: calc(100vh - 24px);
  flex-direction: column;
  overflow: hidden;
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  box-shadow: 0 8px 32px rgba(0, 0, 0, 0.25);
`

/** A modal dialog; name it with aria-label or aria-labelledby. */
export const Dialog = styled.div.attrs({ role: 'dialog', 'aria-modal': true })<{ $placement: DialogPlacement }>`
  position: fixed;
  z-index: ${theme.zIndex.drawer};
  display: flex;
  ${({ $placement }) => ($placement === 'card' ? card : placements[$placement])}
`

/** A modal's title bar: its heading and close button on one line. */
export const DialogHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.line};
  h2 {
    margin: 0;
    font-size: ${theme.font.size.lg};
  }
`

/** A modal's scrolling body under its title bar. */
export const DialogBody = styled.div`
  display: grid;
  align-content: start;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  overflow-y: auto;
  min-height: 0;
`
