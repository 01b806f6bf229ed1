import { createElement, type ReactNode } from 'react'
import { FRAME_TAG, type FramePart } from '../../../config/frame'

/**
 * The element that marks the frame's header and footer regions in every page's HTML, so that a change to the
 * frame's content alone is patched into the built pages instead of rendering every page again
 * (releases/frame.ts). A custom element of its own cannot nest in itself, so a region ends at the first
 * closing tag after its start; `display: contents` keeps it out of the layout (the sticky header still sticks
 * to the page).
 */
export function FrameRegion({ part, children }: { part: FramePart; children: ReactNode }) {
  return createElement(FRAME_TAG, { 'data-part': part, style: { display: 'contents' } }, children)
}
