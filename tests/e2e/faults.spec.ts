/**
 * The cart through a platform fault (issue "Faults"), one journey per fault:
 * stopped (connections refused), slow (every answer held back) and answering
 * 500. The shopper has two lines, the fault starts, they change a quantity
 * and add a third product, see a clear Italian message, reload and still have
 * every line; the platform heals and the cart, the browser's copy and the
 * platform's order form hold the same lines, none lost or doubled.
 *
 * Runs in the `faults` project (desktop), by `npm run test:faults`. Each
 * journey prints its figures: how long the shopper waited for the message and
 * the lines before the fault, during it and after healing.
 */
import { expect, test, type Page } from '@playwright/test'
import {
  addFromProductPage,
  expectCartAgreesWithPlatform,
  failPlatform,
  healPlatform,
  lineOf,
  minicart,
  openMinicart,
  paidLines,
  pickProducts,
  platformOrderForm,
  quantityOf,
  settled,
  shownLines,
  slowPlatform,
  stopPlatform,
  storedCart,
} from './support/cart'

const unavailable = 'Non è stato possibile aggiornare il carrello. Riprova tra poco: i tuoi articoli sono al sicuro.'
const slow = 'Il carrello si sta aggiornando più lentamente del solito. Attendi qualche istante: i tuoi articoli sono al sicuro.'
/** Longer than the cart's slow notice (3 s), shorter than the Functions' time-out towards the platform (10 s). */
const SLOW_MS = 6_000

interface Fault {
  name: string
  start(): Promise<void>
  /** What the shopper is told while it lasts. */
  message: string
  /** The platform still answers, late: it makes each change, and its answer is the cart. */
  answers: boolean
}

const faults: Fault[] = [
  { name: 'stopped', start: stopPlatform, message: unavailable, answers: false },
  { name: `slow (${SLOW_MS / 1000} s an answer)`, start: () => slowPlatform(SLOW_MS), message: slow, answers: true },
  { name: 'answering 500', start: failPlatform, message: unavailable, answers: false },
]

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const describeLines = (lines: [string, number][]) => `${lines.length} lines, ${lines.reduce((sum, [, quantity]) => sum + quantity, 0)} units`

/** Waits until the message shows; answers how long that took from `since` (waitFor watches the page, with no polling gaps). */
async function waitForMessage(page: Page, text: string, since: number): Promise<number> {
  await minicart(page).getByText(text).waitFor({ state: 'visible', timeout: 30_000 })
  return Date.now() - since
}

for (const fault of faults) {
  test(`a platform ${fault.name} mid-journey: the shopper is told, the cart stays, and after healing it agrees with the platform`, async ({ page }) => {
    test.setTimeout(150_000)
    const [first, second, third] = await pickProducts(3, (v) => v.price >= 6 && v.price < 30)
    await addFromProductPage(page, first!.product, first!.variant.sku)
    await addFromProductPage(page, second!.product, second!.variant.sku)
    const { id } = await storedCart(page)
    const before = await shownLines(page)
    expect(paidLines(await platformOrderForm(page, id))).toEqual(before)

    await fault.start()
    let waited: number
    let during: [string, number][]
    try {
      // A quantity change: the stepper asks the platform first.
      const clicked = Date.now()
      await lineOf(page, first!.variant.sku).getByRole('button', { name: 'Aumenta la quantità' }).click()
      waited = await waitForMessage(page, fault.message, clicked)
      await expect(quantityOf(page, first!.variant.sku)).toHaveText('2', { timeout: 30_000 })
      // A change the platform made, however late, leaves a cart that agrees with it: checkout may go on. One it
      // could not make is kept in this browser only, and checkout waits for the platform to take it.
      await expect(minicart(page).getByTestId('checkout-button')).toHaveAttribute('aria-disabled', fault.answers ? 'false' : 'true')

      // A new product, added from its page.
      await page.goto(`/${third!.product.slug}/p`)
      await page.getByTestId('buy-button').click()
      await page.getByTestId('added-to-cart-go-to-cart').click()
      await expect(lineOf(page, third!.variant.sku)).toBeVisible()
      await waitForMessage(page, fault.message, Date.now())

      // A reload while the fault lasts shows the same cart, read back from the browser.
      await page.reload()
      await expect(page.getByTestId('cart-count')).toHaveText('4')
      await openMinicart(page)
      during = await shownLines(page)
      const kept = (await storedCart(page)).items.filter((i) => !i.isGift).map((i): [string, number] => [i.itemOffered.sku, i.quantity])
      expect(kept.sort()).toEqual(during)
      expect(during).toEqual(
        [
          [first!.variant.sku, 2],
          [second!.variant.sku, 1],
          [third!.variant.sku, 1],
        ].sort() as [string, number][],
      )
      await expect(page.getByText('I believe something went wrong')).toHaveCount(0)
    } finally {
      await healPlatform()
    }

    // The cart asks again by itself and reconciles with the platform's order form.
    const healed = Date.now()
    await expect(minicart(page).getByText(unavailable)).toHaveCount(0, { timeout: 30_000 })
    await expect(minicart(page).getByText(slow)).toHaveCount(0, { timeout: 30_000 })
    await settled(page)
    await expect(minicart(page).getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 })
    const recovered = Date.now() - healed
    const form = await expectCartAgreesWithPlatform(page)
    expect(form.id).toBe(id)
    const after = paidLines(form)
    // Nothing lost, nothing doubled: the platform holds each line once, with what the shopper asked for.
    expect(after).toEqual(during)
    expect(new Set(form.items.filter((i) => !i.isGift).map((i) => i.sku)).size).toBe(after.length)
    console.log(
      `[faults] platform ${fault.name}: message after ${seconds(waited)}; lines before ${describeLines(before)}, ` +
        `during ${describeLines(during)}, after healing ${describeLines(after)} (equal to the platform's, in sync ${seconds(recovered)} after healing)`,
    )
  })
}
