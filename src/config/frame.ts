/**
 * The element that marks the page frame's header and footer regions in every page's HTML (FrameRegion.tsx),
 * which the server's fast path for a frame change patches (releases/frame.ts).
 */
export const FRAME_TAG = 'zampa-frame'
export type FramePart = 'header' | 'footer'
