/**
 * "Ritira in negozio" on the product page and in the minicart: the chosen
 * store and when it can have the order ready, or a prompt to choose one. The
 * picker itself is another chunk, loaded when this button is first pressed.
 */
import { useEffect, useMemo } from 'react'
import styled from 'styled-components'
import { texts } from '../../config/texts'
import { usePickup, useOpenPicker, type PickerItem } from '../../sdk/store/hooks'
import { syncPickupPoint } from '../../sdk/store/pickup'
import { pickupText } from '../../sdk/store/pickupText'
import { Button } from '../ui/Button'

/** With `orderFormId`, a store chosen before the cart existed is put on its order form once it does. */
export function PickupInStore({ items, testId, orderFormId }: { items: PickerItem[]; testId: string; orderFormId?: string }) {
  const { chosen } = usePickup()
  const chosenId = chosen?.id
  useEffect(() => {
    if (orderFormId && chosenId) void syncPickupPoint(orderFormId).catch(() => undefined)
  }, [orderFormId, chosenId])
  const stable = useMemo(() => items, [JSON.stringify(items)]) // eslint-disable-line react-hooks/exhaustive-deps
  const openPicker = useOpenPicker(stable)
  return (
    <Box data-testid={testId} aria-label={texts.stores.pickupTitle} role="region">
      <Title>{texts.stores.pickupTitle}</Title>
      {chosen ? (
        <p data-testid="pickup-chosen">
          <strong>{chosen.name}</strong>, {chosen.street} · <span data-testid="pickup-time">{pickupText(chosen.pickup)}</span>
        </p>
      ) : (
        <p>{texts.stores.choosePrompt}</p>
      )}
      <Button type="button" $variant="secondary" onClick={openPicker} aria-haspopup="dialog" data-testid="pickup-open">
        {chosen ? texts.stores.change : texts.stores.choose}
      </Button>
    </Box>
  )
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.font.size.sm};
  p {
    margin: 0;
  }
`

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
`
