/**
 * The store-info modal (req PICKUP-12, PICKUP-15): the chosen store's address, its opening
 * hours for each weekday with today's marked, today's and the coming days'
 * exceptions, its pickup times worked out for now, and a link to it on a maps
 * site. A panel of the panel system; loaded the first time it opens.
 */
import styled from 'styled-components'
import { storesTexts } from '../../../config/texts/stores'
import { hoursOn, romeClock, type DayHours, type Weekday } from '../../../domain/pickup'
import { storeInfoTarget, useClock } from '../../../sdk/pickup/hooks'
import { storeNow } from '../../../sdk/pickup/chosenStore'
import { pickupText, preparationText, shortDate } from '../../../sdk/pickup/pickupText'
import { useModalPanel } from '../../../sdk/shell/overlay'
import { useSdkState } from '../../../sdk/core/useSdkState'
import { DialogBody } from '../../ui/Dialog'
import { ModalCard } from '../../ui/ModalCard'
import { theme } from '../../../config/theme'

const WEEK: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

const hoursText = (hours: DayHours) => (hours ? `${hours.open}–${hours.close}` : storesTexts.infoClosed)

export default function StoreInfoModal() {
  const panel = useModalPanel<HTMLDivElement>('storeInfo')
  const saved = useSdkState(storeInfoTarget)
  const now = useClock()
  if (!saved) return null
  const store = storeNow(saved, now)
  const clock = romeClock(now)
  const todayException = store.exceptions.find((e) => e.date === clock.date)
  const later = store.exceptions.filter((e) => e.date > clock.date)
  const mapUrl = `https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`

  return (
    <ModalCard ref={panel.ref} title={store.name} closeLabel={storesTexts.close} onClose={panel.close} testId="store-info">
        <Body>
          <section>
            <h3>{storesTexts.infoAddress}</h3>
            <p data-testid="store-info-address">
              {store.street}, {store.postalCode} {store.city} ({store.region})
            </p>
            <a href={mapUrl} target="_blank" rel="noopener noreferrer" data-testid="store-info-map">
              {storesTexts.openInMaps}
            </a>
          </section>
          {todayException && (
            <Notice role="note" data-testid="store-info-exception">
              {todayException.hours ? storesTexts.infoTodayException(hoursText(todayException.hours)) : storesTexts.infoTodayClosedException}
            </Notice>
          )}
          <section>
            <h3>{storesTexts.infoHours}</h3>
            <Hours data-testid="store-info-hours">
              <tbody>
                {WEEK.map((day) => (
                  <tr key={day} aria-current={day === clock.weekday ? 'date' : undefined} data-weekday={day}>
                    <th scope="row">
                      {storesTexts.weekdays[day]}
                      {day === clock.weekday && <Today> · {storesTexts.infoToday}</Today>}
                    </th>
                    <td>{hoursText(day === clock.weekday ? hoursOn(store, clock.date) : store.hours[day])}</td>
                  </tr>
                ))}
              </tbody>
            </Hours>
            {later.length > 0 && (
              <>
                <h4>{storesTexts.infoExceptions}</h4>
                <ul data-testid="store-info-upcoming">
                  {later.map((e) => (
                    <li key={e.date}>{storesTexts.infoUpcomingException(shortDate(e.date), hoursText(e.hours))}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section>
            <h3>{storesTexts.infoPickup}</h3>
            <p data-testid="store-info-pickup">{storesTexts.infoPickupNow(pickupText(store))}</p>
            <p>{storesTexts.infoFastTime(preparationText(store.fastTime))}</p>
            <p>{storesTexts.infoSlowTime(preparationText(store.slowTime))}</p>
          </section>
        </Body>
    </ModalCard>
  )
}

const Body = styled(DialogBody)`
  font-size: ${theme.font.size.sm};
  section {
    display: grid;
    gap: ${theme.space.xs};
  }
  h3,
  h4,
  p,
  ul {
    margin: 0;
  }
  h3 {
    font-size: ${theme.font.size.md};
  }
  ul {
    padding-left: ${theme.space.md};
  }
  a {
    color: ${theme.colors.ink};
  }
`

const Hours = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${theme.space.xs} 0;
    border-bottom: 1px solid ${theme.colors.line};
    text-align: left;
    font-weight: ${theme.font.weight.regular};
  }
  td {
    text-align: right;
  }
  tr[aria-current='date'] th,
  tr[aria-current='date'] td {
    font-weight: ${theme.font.weight.bold};
  }
`

const Today = styled.span`
  color: ${theme.colors.success};
`

const Notice = styled.p`
  padding: ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.brandSoft};
  font-weight: ${theme.font.weight.semibold};
`
