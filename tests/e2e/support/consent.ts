/**
 * A consent choice as the head's consent script (src/sdk/consent/consent.ts) keeps it in localStorage: the
 * journeys' shoppers start with one already made (playwright.config.ts), and the unit tests store one
 * for the script to read.
 */
import { CONSENT_KEY, PURPOSES_VERSION, type ConsentChoice } from '../../../src/sdk/consent/consent'

export { CONSENT_KEY }

/** The choice of analytics and marketing made at `now` (ms since the epoch), for the current purposes. */
export const choiceOf = (analytics: boolean, marketing: boolean, now: number): ConsentChoice => ({ v: PURPOSES_VERSION, t: now, a: analytics, m: marketing })
