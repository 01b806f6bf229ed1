/**
 * @jest-environment jsdom
 */
import { START_CAP_MS, STARTED_ATTRIBUTE, STARTER_ID, startAfterPaint } from './startAfterPaint'

const gatsbySlice =
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script><script>window.___webpackCompilationHash="abc";</script>' +
  '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script>'

const appScripts = () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'))
/** What the starter says let the scripts through: null while it has added none. */
const startedBy = () => document.getElementById(STARTER_ID)?.getAttribute(STARTED_ATTRIBUTE) ?? null

/** Runs the rewritten slice's starter at the end of this document, as a script of the page, as the browser does. */
function runStarter(slice: string): void {
  const parsed = new DOMParser().parseFromString(`<body>${slice}</body>`, 'text/html').getElementById(STARTER_ID)
  if (!parsed) throw new Error('no starter in the slice')
  const starter = document.createElement('script')
  for (const { name, value } of parsed.attributes) starter.setAttribute(name, value)
  starter.textContent = parsed.textContent
  document.body.appendChild(starter)
}

describe('startAfterPaint', () => {
  it('keeps the chunk mapping and the hash, and puts the starter, naming the scripts in order, where the tags were', () => {
    const started = startAfterPaint(gatsbySlice)
    expect(started).not.toMatch(/<script src=|<link/)
    expect(started).toMatch(
      new RegExp(
        '^<script id="gatsby-chunk-mapping">window.___chunkMapping="\\{\\}";</script><script>window.___webpackCompilationHash="abc";</script>' +
          `<script id="${STARTER_ID}" data-scripts="/webpack-runtime-1.js /framework-2.js /app-3.js">[^\\n]+</script>$`,
      ),
    )
  })

  it('puts the starter right after the last script of a whole page, before the rest of the body', () => {
    const page = `<!DOCTYPE html><html><head></head><body><div id="___gatsby"><img src="/hero.svg" fetchpriority="high"></div>${gatsbySlice}<aside id="consent"></aside></body></html>`
    const started = startAfterPaint(page)
    expect(started).toMatch(new RegExp(`^<!DOCTYPE html><html><head></head><body><div id="___gatsby"><img src="/hero.svg" fetchpriority="high"></div><script id="gatsby-chunk-mapping">`))
    expect(started).toMatch(new RegExp(`<script id="${STARTER_ID}" data-scripts="[^"]+">[^\n]+</script><aside id="consent"></aside></body></html>$`))
    expect(started.match(/<script src=/g)).toBeNull()
  })

  it('leaves a page it already rewrote, or one without async scripts, as it is', () => {
    const started = startAfterPaint(gatsbySlice)
    expect(startAfterPaint(started)).toBe(started)
    const noScripts = '<script>window.___webpackCompilationHash="abc";</script>'
    expect(startAfterPaint(noScripts)).toBe(noScripts)
  })

  it('takes only plain tags: an address holding a bracket or a space stays as Gatsby wrote it', () => {
    for (const odd of ['<script src="/app-3.js?x=<" async></script>', '<script src="/app 3.js" async></script>']) expect(startAfterPaint(odd)).toBe(odd)
  })

  it('gives every page the same starter text, so the policy allows it by one hash', () => {
    const other = gatsbySlice.replace(/-(\d)\.js/g, '-9$1.js')
    const text = (html: string) => /<script id="app-start"[^>]*>([^\n]+?)<\/script>/.exec(startAfterPaint(html))?.[1]
    expect(text(other)).toBeDefined()
    expect(text(other)).toBe(text(gatsbySlice))
  })
})

describe('the starter', () => {
  let frames: FrameRequestCallback[]

  beforeEach(() => {
    jest.useFakeTimers()
    document.body.innerHTML = ''
    frames = []
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
  })

  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  const paintFrame = () => {
    const due = frames.splice(0)
    for (const callback of due) callback(performance.now())
  }

  it('adds the scripts, in order, after the first painted frame on a page without a main picture', () => {
    runStarter(startAfterPaint(gatsbySlice))
    jest.advanceTimersByTime(0)
    expect(appScripts()).toEqual([])
    paintFrame()
    expect(appScripts()).toEqual([])
    expect(startedBy()).toBeNull()
    jest.advanceTimersByTime(0)
    expect(appScripts()).toEqual(['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'])
    expect(startedBy()).toBe('painted')
  })

  it('waits for the main picture to decode, then a frame, and adds the scripts once', async () => {
    document.body.innerHTML = '<img src="/hero.svg" fetchpriority="high">'
    let decoded = () => {}
    const hero = document.querySelector('img') as HTMLImageElement
    hero.decode = () => new Promise<void>((resolve) => (decoded = resolve))
    runStarter(startAfterPaint(gatsbySlice))
    paintFrame()
    jest.advanceTimersByTime(START_CAP_MS - 1)
    expect(appScripts()).toEqual([])
    decoded()
    await Promise.resolve()
    expect(frames).toHaveLength(1)
    paintFrame()
    jest.advanceTimersByTime(0)
    expect(appScripts()).toHaveLength(3)
    jest.advanceTimersByTime(START_CAP_MS)
    expect(appScripts()).toHaveLength(3)
    expect(startedBy()).toBe('painted')
  })

  it('starts after a picture that fails as after one that loads', async () => {
    document.body.innerHTML = '<img src="/broken.svg" fetchpriority="high">'
    ;(document.querySelector('img') as HTMLImageElement).decode = () => Promise.reject(new Error('EncodingError'))
    runStarter(startAfterPaint(gatsbySlice))
    await Promise.resolve()
    await Promise.resolve()
    paintFrame()
    jest.advanceTimersByTime(0)
    expect(appScripts()).toHaveLength(3)
  })

  it('starts after 1 s when the picture never comes and no frame is painted (a page opened in the background)', () => {
    expect(START_CAP_MS).toBe(1000)
    document.body.innerHTML = '<img src="/slow.svg" fetchpriority="high">'
    ;(document.querySelector('img') as HTMLImageElement).decode = () => new Promise<void>(() => {})
    runStarter(startAfterPaint(gatsbySlice))
    jest.advanceTimersByTime(START_CAP_MS - 1)
    expect(appScripts()).toEqual([])
    expect(startedBy()).toBeNull()
    jest.advanceTimersByTime(1)
    expect(appScripts()).toEqual(['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'])
    expect(startedBy()).toBe('cap')
  })
})
