/**
 * When the chosen store can have the order ready, worked out again for the current time. A chunk of its own:
 * the opening-hours rules it needs (src/domain/pickup.ts) load only once a store has been chosen.
 */
import { useChosenStore } from '../../../sdk/pickup/chosenStore'
import { pickupText } from '../../../sdk/pickup/pickupText'

export default function PickupTime() {
  const store = useChosenStore()
  return <>{store ? pickupText(store) : null}</>
}
