/**
 * The guest-order lookup in the browser: an order number and the email given
 * at checkout find a placed order. The outcome says what the page shows; a
 * wrong pair is one outcome whatever the reason, as the Function answers it.
 */
import { useCallback, useRef, useState } from 'react'
import type { PlacedOrder } from '../../domain/types'
import { call, RequestError } from '../core/client'

export type GuestOrderLookup =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; order: PlacedOrder }
  | { kind: 'notFound' }
  | { kind: 'invalid'; field: 'orderNumber' | 'email' }
  | { kind: 'tooMany'; retryAfterSeconds: number }
  | { kind: 'unavailable' }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/

/** What is wrong with the typed pair before anything is sent, or null. */
export function checkLookup(orderNumber: string, email: string): 'orderNumber' | 'email' | null {
  if (!ORDER_NUMBER.test(orderNumber.trim())) return 'orderNumber'
  if (email.trim().length > 254 || !EMAIL.test(email.trim())) return 'email'
  return null
}

export async function findGuestOrder(orderNumber: string, email: string, doFetch: typeof fetch = fetch): Promise<GuestOrderLookup> {
  const invalid = checkLookup(orderNumber, email)
  if (invalid) return { kind: 'invalid', field: invalid }
  try {
    const order = await call('order/getGuestOrder', { body: { orderNumber: orderNumber.trim(), email: email.trim() } }, { fetch: doFetch })
    return { kind: 'found', order }
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return { kind: 'notFound' }
    // Too many failed tries from this shopper: the platform says how long to wait.
    if (error instanceof RequestError && error.status === 429) return { kind: 'tooMany', retryAfterSeconds: error.retryAfterSeconds ?? 60 }
    if (error instanceof RequestError && error.status === 400) return { kind: 'invalid', field: /email/.test(error.message) ? 'email' : 'orderNumber' }
    return { kind: 'unavailable' }
  }
}

/** The lookup's state for a form; a newer search makes an older answer irrelevant. */
export function useGuestOrderLookup(doFetch?: typeof fetch) {
  const [state, setState] = useState<GuestOrderLookup>({ kind: 'idle' })
  const latest = useRef(0)
  const search = useCallback(
    async (orderNumber: string, email: string) => {
      const id = ++latest.current
      setState({ kind: 'searching' })
      const outcome = await findGuestOrder(orderNumber, email, doFetch)
      if (id === latest.current) setState(outcome)
    },
    [doFetch],
  )
  return { state, search }
}
