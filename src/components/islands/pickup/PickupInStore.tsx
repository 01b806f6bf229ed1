/**
 * "Ritira in negozio" on the product page and in the minicart: the chosen
 * store and when it can have the order ready (worked out again for the
 * current time, so it never shows a stale time), its details in the
 * store-info modal, and a way back to home delivery; or a prompt to choose
 * one. The picker itself is another chunk, loaded when its button is first
 * pressed. A store is chosen in the browser alone (the static page never has
 * one), so its pickup time, and the rules that work it out, are a chunk too.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import styled from 'styled-components'
import { pickupInStoreTexts } from '../../../config/texts/pickupInStore'
import { useCart } from '../../../sdk/cart/hooks'
import { earlyTap } from '../../../sdk/core/earlyTaps'
import { useOpenPicker, useOpenStoreInfo, usePickup, type PickerItem } from '../../../sdk/pickup/hooks'
import { clearStore, syncPickupPoint } from '../../../sdk/pickup/pickup'
import { Button } from '../../ui/Button'
import { linkButton } from '../../ui/linkButton'
import { theme } from '../../../config/theme'

const PickupTime = lazy(() => import(/* webpackChunkName: "pickup-time" */ './PickupTime'))

/** With `orderFormId`, a store chosen before the cart existed is put on its order form once it does. */
export function PickupInStore({ items, testId, orderFormId }: { items: PickerItem[]; testId: string; orderFormId?: string }) {
  const { chosen } = usePickup()
  const { cart } = useCart()
  const [failed, setFailed] = useState(false)
  const chosenId = chosen?.id
  useEffect(() => {
    if (orderFormId && chosenId) void syncPickupPoint(orderFormId).catch(() => undefined)
  }, [orderFormId, chosenId])
  const stable = useMemo(() => items, [JSON.stringify(items)]) // eslint-disable-line react-hooks/exhaustive-deps
  const openPicker = useOpenPicker(stable)
  const openInfo = useOpenStoreInfo()

  const onRemove = async () => {
    setFailed(false)
    try {
      await clearStore(orderFormId ?? cart.id)
    } catch {
      setFailed(true)
    }
  }

  return (
    <Box data-testid={testId} aria-label={pickupInStoreTexts.pickupTitle} role="region">
      <Title>{pickupInStoreTexts.pickupTitle}</Title>
      {chosen ? (
        <p data-testid="pickup-chosen">
          <strong>{chosen.name}</strong>, {chosen.street} · <span data-testid="pickup-time">
            <Suspense fallback={null}>
              <PickupTime />
            </Suspense>
          </span>
        </p>
      ) : (
        <p>{pickupInStoreTexts.choosePrompt}</p>
      )}
      {failed && (
        <Problem role="alert" data-testid="pickup-remove-failed">
          {pickupInStoreTexts.removeStoreFailed}
        </Problem>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={openPicker} aria-haspopup="dialog" data-testid="pickup-open" {...earlyTap(`pickup-${testId}`)}>
          {chosen ? pickupInStoreTexts.change : pickupInStoreTexts.choose}
        </Button>
        {chosen && (
          <>
            <Button type="button" $variant="secondary" onClick={() => openInfo(chosen)} aria-haspopup="dialog" data-testid="pickup-info">
              {pickupInStoreTexts.info}
            </Button>
            <LinkButton type="button" onClick={() => void onRemove()} data-testid="pickup-remove">
              {pickupInStoreTexts.removeStore}
            </LinkButton>
          </>
        )}
      </Actions>
    </Box>
  )
}

const Box = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  font-size: ${theme.font.size.sm};
  p {
    margin: 0;
  }
`

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.font.size.md};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
`

const LinkButton = styled.button`
  ${linkButton}
`

const Problem = styled.p`
  color: ${theme.colors.danger};
`
