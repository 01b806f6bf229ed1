/**
 * The guest-order page's island: an order number and the email given at
 * checkout find a placed order, shown with its status, lines and total. The
 * fields can be filled before hydration (they are read at submit); the button
 * waits for it, so a tap is never lost.
 */
import { useRef, type FormEvent } from 'react'
import styled from 'styled-components'
import { formatPrice } from '../../../config/format'
import { guestOrderTexts } from '../../../config/texts/guestOrder'
import type { PlacedOrder } from '../../../domain/types'
import { useGuestOrderLookup } from '../../../sdk/account/guestOrder'
import { useHydrated } from '../../../sdk/core/useHydrated'
import { Button } from '../../ui/Button'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import { ProductImage } from '../../ui/ProductImage'
import { theme } from '../../../config/theme'

const t = guestOrderTexts

const placedDate = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' })

export function GuestOrderLookup({ doFetch }: { doFetch?: typeof fetch }) {
  const hydrated = useHydrated()
  const { state, search } = useGuestOrderLookup(doFetch)
  const result = useRef<HTMLDivElement>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void search(String(form.get('orderNumber') ?? ''), String(form.get('email') ?? '')).then(() => result.current?.focus())
  }
  const invalid = state.kind === 'invalid' ? state.field : null
  const problem =
    state.kind === 'notFound'
      ? t.notFound
      : state.kind === 'unavailable'
        ? t.unavailable
        : state.kind === 'invalid'
          ? t.invalid[state.field]
          : state.kind === 'tooMany'
            ? t.tooMany(state.retryAfterSeconds)
            : null

  return (
    <>
      <Form onSubmit={onSubmit} noValidate data-testid="guest-order-form" aria-describedby="guest-order-intro">
        <Field>
          <label htmlFor="guest-order-number">{t.orderNumber}</label>
          <input
            id="guest-order-number"
            name="orderNumber"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
            aria-describedby="guest-order-number-hint"
            aria-invalid={invalid === 'orderNumber' || undefined}
            data-testid="guest-order-number"
          />
          <small id="guest-order-number-hint">{t.orderNumberHint}</small>
        </Field>
        <Field>
          <label htmlFor="guest-order-email">{t.email}</label>
          <input
            id="guest-order-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            aria-invalid={invalid === 'email' || undefined}
            data-testid="guest-order-email"
          />
        </Field>
        <Button type="submit" disabled={!hydrated || state.kind === 'searching'} aria-busy={!hydrated || state.kind === 'searching'} data-testid="guest-order-submit">
          {state.kind === 'searching' ? t.searching : t.submit}
        </Button>
      </Form>
      <Result ref={result} tabIndex={-1} aria-live="polite" data-testid="guest-order-result">
        {problem && (
          <Problem role="alert" data-testid="guest-order-problem">
            {problem}
          </Problem>
        )}
        {state.kind === 'found' && <OrderSummary order={state.order} />}
      </Result>
    </>
  )
}

function OrderSummary({ order }: { order: PlacedOrder }) {
  const paid = order.items.filter((item) => !item.isGift)
  const gifts = order.items.filter((item) => item.isGift)
  return (
    <Order data-testid="guest-order" data-order-number={order.orderNumber}>
      <h2>{t.heading(order.orderNumber)}</h2>
      <Facts>
        <div>
          <dt>{t.statusLabel}</dt>
          <dd data-testid="guest-order-status">{t.status[order.status]}</dd>
        </div>
        <div>
          <dt>{t.placedAt}</dt>
          <dd>{placedDate(order.placedAt)}</dd>
        </div>
      </Facts>
      <Lines>
        {[...paid, ...gifts].map((item) => (
          <li key={`${item.id}-${item.index}`} data-testid="guest-order-line" data-sku={item.itemOffered.sku}>
            <Thumb>{item.itemOffered.image[0] && <ProductImage image={item.itemOffered.image[0]} width={64} breakpoints={[64, 128]} />}</Thumb>
            <div>
              <strong>{item.itemOffered.name}</strong>
              <p>
                <span data-testid="guest-order-line-quantity">{t.quantity(item.quantity)}</span>
                {item.isGift && ` · ${t.gift}`}
              </p>
            </div>
            <LinePrice>{formatPrice(Math.round(item.price * item.quantity * 100) / 100)}</LinePrice>
          </li>
        ))}
      </Lines>
      <Total>
        <span>{t.total}</span>
        <strong data-testid="guest-order-total">{formatPrice(order.total)}</strong>
      </Total>
    </Order>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
`
const Field = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  label {
    font-weight: ${theme.font.weight.bold};
  }
  input {
    min-height: 44px;
    padding: 0 ${theme.space.sm};
    border: 1px solid ${theme.colors.lineStrong};
    border-radius: ${theme.radius.sm};
    font: inherit;
    ${focusRing()}
  }
  input[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  small {
    color: ${theme.colors.inkSoft};
    font-size: ${theme.font.size.sm};
  }
`
const Result = styled.div`
  margin-top: ${theme.space.lg};
  &:focus {
    outline: none;
  }
`
const Problem = styled.p`
  color: ${theme.colors.danger};
`
const Order = styled.section`
  h2 {
    margin: 0 0 ${theme.space.md};
    font-size: ${theme.font.size.lg};
  }
`
const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.lg};
  margin: 0 0 ${theme.space.md};
  dt {
    font-size: ${theme.font.size.sm};
    color: ${theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-weight: ${theme.font.weight.bold};
  }
`
const Lines = styled.ul`
  ${listReset}
  li {
    display: flex;
    align-items: center;
    gap: ${theme.space.md};
    padding: ${theme.space.sm} 0;
    border-bottom: 1px solid ${theme.colors.line};
  }
  li > div {
    flex: 1;
    min-width: 0;
  }
  p {
    margin: ${theme.space.xs} 0 0;
    font-size: ${theme.font.size.sm};
    color: ${theme.colors.inkSoft};
  }
`
const Thumb = styled.div`
  flex: 0 0 64px;
`
const LinePrice = styled.span`
  font-weight: ${theme.font.weight.bold};
`
const Total = styled.div`
  display: flex;
  justify-content: space-between;
  margin-top: ${theme.space.md};
  font-size: ${theme.font.size.lg};
`
