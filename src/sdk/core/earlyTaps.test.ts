/** @jest-environment jsdom */
import { earlyTap, earlyTapScript, ISLAND_PENDING_ATTRIBUTE, replayEarlyTaps } from './earlyTaps'

/** Loads the page's inline script into this document, as the head does before any bundle. */
function loadInlineScript() {
  delete window.__hydrated
  delete window.__earlyTaps
  new Function(earlyTapScript)()
}

function control(id: string, attrs: Record<string, string> = {}) {
  const button = document.createElement('button')
  button.type = 'button'
  for (const [name, value] of Object.entries({ ...earlyTap(id), ...attrs })) button.setAttribute(name, value)
  button.innerHTML = '<span>Il tuo carrello</span>'
  document.body.append(button)
  return button
}

const listeners: Array<() => void> = []
afterEach(() => {
  document.body.innerHTML = ''
  while (listeners.length) listeners.pop()!()
})
/** The capture listener of every loaded script stays on the document; each test's own is ignored once hydrated. */
afterEach(() => {
  window.__hydrated = true
})

describe('early taps', () => {
  it('keeps a tap on a marked control before hydration (on an inner element too) and replays it once after', () => {
    loadInlineScript()
    const cart = control('minicart')
    cart.querySelector('span')!.click()
    cart.click()
    expect(window.__earlyTaps).toEqual([cart, cart])

    // Hydration attaches the handler; the replay clicks the control once.
    const opened = jest.fn()
    cart.addEventListener('click', opened)
    expect(replayEarlyTaps()).toEqual(['minicart'])
    expect(opened).toHaveBeenCalledTimes(1)
    expect(window.__earlyTaps).toEqual([])
  })

  it('stops capturing once hydrated: later taps reach the handler as they are', () => {
    loadInlineScript()
    const drawer = control('drawer')
    const opened = jest.fn((event: Event) => event.defaultPrevented)
    replayEarlyTaps()
    drawer.addEventListener('click', opened)
    drawer.click()
    expect(opened).toHaveReturnedWith(false)
    expect(window.__earlyTaps).toEqual([])
  })

  it('prevents the default of a captured tap (a submit button submits nothing before hydration)', () => {
    loadInlineScript()
    const form = document.createElement('form')
    const submit = control('buy-10003', { type: 'submit' })
    form.append(submit)
    document.body.append(form)
    const submitted = jest.fn((event: Event) => event.preventDefault())
    form.addEventListener('submit', submitted)
    submit.click()
    expect(submitted).not.toHaveBeenCalled()
    expect(window.__earlyTaps).toEqual([submit])
  })

  it('adds once for taps on the add-to-cart form before hydration: no post then, one add in the page after (req UI-07, CART-30)', () => {
    loadInlineScript()
    const form = document.createElement('form')
    form.method = 'post'
    form.action = '/api/cart/add'
    const buy = control('buy-10003', { type: 'submit' })
    form.append(buy)
    document.body.append(form)
    const posted = jest.fn((event: Event) => event.preventDefault())
    form.addEventListener('submit', posted)
    buy.click()
    buy.click()
    // Hydrated, the buy box adds in the page and keeps the form from being sent.
    const adds = jest.fn((event: Event) => event.preventDefault())
    buy.addEventListener('click', adds)
    expect(replayEarlyTaps()).toEqual(['buy-10003'])
    expect(adds).toHaveBeenCalledTimes(1)
    expect(posted).not.toHaveBeenCalled()
  })

  it('keeps an unmarked type="button" button too, and replays that very node', () => {
    loadInlineScript()
    const variant = document.createElement('button')
    variant.type = 'button'
    variant.dataset.testid = 'variant-option'
    document.body.append(variant)
    variant.click()
    expect(window.__earlyTaps).toEqual([variant])
    const chosen = jest.fn()
    variant.addEventListener('click', chosen)
    expect(replayEarlyTaps()).toEqual(['variant-option'])
    expect(chosen).toHaveBeenCalledTimes(1)
  })

  it('finds a marked control again by its id when hydration replaced its node', () => {
    loadInlineScript()
    const old = control('minicart')
    old.click()
    old.remove()
    const fresh = control('minicart')
    const opened = jest.fn()
    fresh.addEventListener('click', opened)
    expect(replayEarlyTaps()).toEqual(['minicart'])
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it('leaves unmarked submit buttons (the browser submits their form) and links alone', () => {
    loadInlineScript()
    const plain = document.createElement('button')
    document.body.append(plain)
    const seen = jest.fn((event: Event) => event.defaultPrevented)
    document.addEventListener('click', seen)
    listeners.push(() => document.removeEventListener('click', seen))
    plain.click()
    expect(seen).toHaveReturnedWith(false)
    expect(window.__earlyTaps).toEqual([])
  })

  it('drops a tap whose control is gone or disabled after hydration, and replays the others in order', () => {
    loadInlineScript()
    const gone = control('account')
    const disabled = control('buy-1')
    const cart = control('minicart')
    gone.click()
    disabled.click()
    cart.click()
    gone.remove()
    disabled.disabled = true
    const order: string[] = []
    cart.addEventListener('click', () => order.push('minicart'))
    expect(replayEarlyTaps()).toEqual(['minicart'])
    expect(order).toEqual(['minicart'])
  })

  it('finds an id with quotes in it', () => {
    loadInlineScript()
    const odd = control('buy-"x"\\')
    odd.click()
    const clicked = jest.fn()
    odd.addEventListener('click', clicked)
    expect(replayEarlyTaps()).toEqual(['buy-"x"\\'])
    expect(clicked).toHaveBeenCalledTimes(1)
  })

  it('after the page hydrated, keeps taps on the buttons and plain clicks on the links of a pending island, and nothing else', () => {
    loadInlineScript()
    const island = document.createElement('div')
    island.setAttribute(ISLAND_PENDING_ATTRIBUTE, '')
    island.innerHTML = '<button type="button">Apri</button><a href="/cane"><span>Cane</span></a><button type="submit">Invia</button>'
    document.body.append(island)
    const outside = control('minicart')
    expect(replayEarlyTaps()).toEqual([])

    const [open, , send] = [...island.querySelectorAll('button, a')] as HTMLElement[]
    const link = island.querySelector('a')!
    const navigated = jest.fn((event: Event) => event.preventDefault())
    document.addEventListener('click', navigated)
    listeners.push(() => document.removeEventListener('click', navigated))
    open!.click()
    link.querySelector('span')!.click()
    send!.click()
    outside.click()
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }))
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 1 }))
    expect(window.__earlyTaps).toEqual([open, link])
    // The submit button (no early-tap mark), the control outside and the modified clicks reached the page.
    expect(navigated).toHaveBeenCalledTimes(4)

    // The island hydrated: its mark off, its taps replayed in order.
    island.removeAttribute(ISLAND_PENDING_ATTRIBUTE)
    const order: string[] = []
    open!.addEventListener('click', () => order.push('apri'))
    link.addEventListener('click', () => order.push('cane'))
    expect(replayEarlyTaps(window, island)).toEqual(['button', 'a'])
    expect(order).toEqual(['apri', 'cane'])
    expect(window.__earlyTaps).toEqual([])
  })

  it('replays only the taps of the island that hydrated, and drops those of an island whose code could not load', () => {
    loadInlineScript()
    replayEarlyTaps()
    const islands = ['uno', 'due'].map((name) => {
      const box = document.createElement('div')
      box.setAttribute(ISLAND_PENDING_ATTRIBUTE, '')
      box.innerHTML = `<button type="button">${name}</button>`
      document.body.append(box)
      return box
    })
    const [first, second] = islands.map((box) => box.querySelector('button')!)
    first!.click()
    second!.click()
    const clicked = jest.fn()
    second!.addEventListener('click', clicked)
    expect(replayEarlyTaps(window, islands[1], { drop: true })).toEqual([])
    expect(clicked).not.toHaveBeenCalled()
    expect(window.__earlyTaps).toEqual([first])
  })

  it('finds a kept control the page rendered again by its id, wherever it was, and forgets a node gone for good', () => {
    loadInlineScript()
    const island = document.createElement('div')
    island.setAttribute(ISLAND_PENDING_ATTRIBUTE, '')
    document.body.append(island)
    const buy = control('buy-7')
    island.append(buy)
    const plain = document.createElement('button')
    plain.type = 'button'
    island.append(plain)
    replayEarlyTaps()
    buy.click()
    plain.click()
    // Rendered again outside the box (a mismatch the island's root recovered from): a new node, the same id.
    buy.remove()
    plain.remove()
    const again = control('buy-7')
    const added = jest.fn()
    again.addEventListener('click', added)
    expect(replayEarlyTaps(window, document.createElement('div'))).toEqual(['buy-7'])
    expect(added).toHaveBeenCalledTimes(1)
    expect(window.__earlyTaps).toEqual([])
  })

  it("keeps a tap on a pending island's checkbox (or its label), before and after the page hydrated, without ticking it, and ticks it once on replay", () => {
    loadInlineScript()
    const island = document.createElement('div')
    island.setAttribute(ISLAND_PENDING_ATTRIBUTE, '')
    island.innerHTML = '<input id="f-brand-royal" type="checkbox"><label for="f-brand-royal">Royal</label>'
    const outside = document.createElement('div')
    outside.innerHTML = '<input id="consent-analytics" type="checkbox">'
    document.body.append(island, outside)
    const box = island.querySelector('input')!
    const label = island.querySelector('label')!
    const other = outside.querySelector('input')!

    // Before the page hydrated: the label's tap reaches the box, which is kept and stays unticked.
    label.click()
    expect(box.checked).toBe(false)
    other.click()
    expect(other.checked).toBe(true)
    expect(window.__earlyTaps).toEqual([box])
    expect(replayEarlyTaps()).toEqual([])

    // After it, while the island is pending: still kept, once however many taps.
    box.click()
    box.click()
    expect(box.checked).toBe(false)
    other.click()
    expect(other.checked).toBe(false)
    expect(window.__earlyTaps).toEqual([box, box, box])

    island.removeAttribute(ISLAND_PENDING_ATTRIBUTE)
    const changed = jest.fn()
    box.addEventListener('change', changed)
    expect(replayEarlyTaps(window, island)).toEqual(['input'])
    expect(box.checked).toBe(true)
    expect(changed).toHaveBeenCalledTimes(1)
    // A radio button (the buy box's purchase mode) is kept the same way.
    island.setAttribute(ISLAND_PENDING_ATTRIBUTE, '')
    const radio = document.createElement('input')
    radio.type = 'radio'
    island.append(radio)
    radio.click()
    expect(radio.checked).toBe(false)
    expect(window.__earlyTaps).toEqual([radio])
    island.removeAttribute(ISLAND_PENDING_ATTRIBUTE)
    expect(replayEarlyTaps(window, island)).toEqual(['input'])
    expect(radio.checked).toBe(true)
    // Hydrated, the island's checkbox acts at once.
    box.click()
    expect(box.checked).toBe(false)
    expect(window.__earlyTaps).toEqual([])
  })

  it('does nothing without a window (the server render)', () => {
    expect(replayEarlyTaps(undefined)).toEqual([])
  })
})
