/**
 * The app's scripts run once the page's largest picture is on screen.
 *
 * Gatsby ends every page with `<script async>` tags for its webpack runtime, React and the app. Served
 * quickly, they run while the HTML's first frames are still to be painted, and a phone then paints the
 * page's main picture (the hero, a product's picture) only after React has evaluated and hydrated the
 * page. The server (serve/site.ts) rewrites those tags in every page it sends, built ahead, rendered by
 * the engines or a search page with its results, into a small inline starter:
 *
 * - the starter asks for the scripts once the page's main picture (`img[fetchpriority=high]`, see
 *   `highPriority`) is decoded and a frame has been painted after it; a page without such a picture
 *   waits for its first painted frame only;
 * - the scripts are not preloaded: on a phone's network the picture and the scripts share one link, so
 *   fetching them one after the other paints the picture sooner and leaves the scripts done at about
 *   the time they were (one round trip later), and on a fast one the wait is a few milliseconds;
 * - after `START_CAP_MS` it adds them whatever the picture is doing, so a slow or broken picture never
 *   holds the page back for longer; a page opened in the background starts by this timer too, as it
 *   paints no frame.
 *
 * Taps made before the scripts run are kept and replayed at hydration (src/sdk/core/earlyTaps.ts), as
 * they were while the scripts were still loading. The starter is an inline script of the page, covered by
 * the page's CSP by its hash like the others (serve/security.ts).
 *
 * The rewrite is the server's, not the build's: Gatsby writes the tags once (its scripts slice) and
 * stitches them into every page, and a slice changed after Gatsby wrote it would make every later build
 * stitch, and so rewrite, every page, which a release would then copy instead of sharing with the last
 * (releases/releases.ts).
 */

/** The longest the page's scripts wait for its main picture, from the end of the HTML. */
export const START_CAP_MS = 1000

/** The id of the inline starter. */
export const STARTER_ID = 'app-start'

/** The starter's attribute listing the scripts, in Gatsby's order, separated by spaces. */
const SCRIPTS_ATTRIBUTE = 'data-scripts'

/**
 * The attribute the starter sets as it adds the scripts, saying what let them through: `painted` (the main
 * picture settled and a frame was painted after it, or the page has none) or `cap` (START_CAP_MS passed
 * first). Set in the same task that adds the scripts, so a page without it has asked for none of them.
 */
export const STARTED_ATTRIBUTE = 'data-started'

/**
 * The starter: the same text on every page and every build (so one CSP hash), reading the scripts from
 * its own attribute. Scripts added this way are async, as Gatsby's tags were.
 */
export const starterSource =
  `(function(w,d,c){var u=c.getAttribute('${SCRIPTS_ATTRIBUTE}').split(' '),s;function g(r){if(!s){s=1;c.setAttribute('${STARTED_ATTRIBUTE}',r);u.forEach(function(x){var e=d.createElement('script');e.src=x;d.body.appendChild(e)})}}` +
  `function p(){w.requestAnimationFrame(function(){setTimeout(function(){g('painted')})})}setTimeout(function(){g('cap')},${START_CAP_MS});` +
  `var m=d.querySelector('img[fetchpriority=high]');m&&m.decode?m.decode().then(p,p):p()})(window,document,document.currentScript)`

/**
 * Gatsby's tag for an app script; an address with a quote, a bracket or a space, which Gatsby never
 * writes, is not taken.
 */
const asyncScript = /<script src="([^"<>\s]+)" async><\/script>/g

/**
 * A page with Gatsby's async script tags taken out and the starter in place of the last of them. A page
 * without such tags, or already rewritten, comes back unchanged.
 */
export function startAfterPaint(html: string): string {
  if (html.includes(`id="${STARTER_ID}"`)) return html
  const scripts: string[] = []
  let last = -1
  const rewritten = html.replace(asyncScript, (tag: string, src: string, at: number) => {
    scripts.push(src)
    last = at + tag.length
    return ''
  })
  if (last < 0) return html
  // The text after the last tag is left as it was: the starter goes where it begins, counted from the end.
  const end = rewritten.length - (html.length - last)
  const starter = `<script id="${STARTER_ID}" ${SCRIPTS_ATTRIBUTE}="${scripts.join(' ')}">${starterSource}</script>`
  return `${rewritten.slice(0, end)}${starter}${rewritten.slice(end)}`
}
