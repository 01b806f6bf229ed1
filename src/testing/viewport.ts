/** jsdom has no matchMedia: every media query matches on the desktop (from 1024 px) and none on a phone. */
export function setViewport(desktop: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia
}
