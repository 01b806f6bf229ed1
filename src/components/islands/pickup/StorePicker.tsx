/**
 * The store picker (the store modal): a postal code or town typed by hand, or
 * the browser's position, finds the nearest stores within 100 km; each shows
 * its distance, today's hours, whether it has the products and when it can
 * have them ready, and a link to it on a maps site. Choosing one puts it on
 * the order form; a star makes it the favourite. Loaded on first use only.
 */
import { useEffect, useId, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { storesTexts } from '../../../config/texts/stores'
import { useCart } from '../../../sdk/cart/hooks'
import { RequestError } from '../../../sdk/core/client'
import { usePerson } from '../../../sdk/session/hooks'
import { pickerItems } from '../../../sdk/pickup/hooks'
import { adoptGuestFavourite, chooseStore, findStores, loadFavourite, saveFavourite, type StoreSearch } from '../../../sdk/pickup/pickup'
import { distanceText, pickupText, todayText } from '../../../sdk/pickup/pickupText'
import { usePickup } from '../../../sdk/pickup/hooks'
import { useModalPanel } from '../../../sdk/shell/overlay'
import { useSdkState } from '../../../sdk/core/useSdkState'
import type { FavouriteStore, StoreView } from '../../../wire/store'
import { Button } from '../../ui/Button'
import { DialogBody } from '../../ui/Dialog'
import { ModalCard } from '../../ui/ModalCard'
import { theme } from '../../../config/theme'

type Status = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'error'; text: string } | { kind: 'done'; place: string; stores: StoreView[] }

export default function StorePicker() {
  const panel = useModalPanel<HTMLDivElement>('storePicker')
  const items = useSdkState(pickerItems)
  const { cart } = useCart()
  const person = usePerson()
  const { chosen, guestFavourite } = usePickup()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [favourite, setFavourite] = useState<FavouriteStore | null>(person ? null : guestFavourite)
  const inputId = useId()

  useEffect(() => {
    let current = true
    if (person) void loadFavourite(person.email).then((f) => current && setFavourite(f), () => undefined)
    else setFavourite(guestFavourite)
    return () => {
      current = false
    }
  }, [person, guestFavourite])

  const search = async (where: StoreSearch, label: string) => {
    setStatus({ kind: 'busy', text: storesTexts.searching })
    try {
      const answer = await findStores(where, items)
      setStatus({ kind: 'done', place: answer.place ? `${answer.place.town} (${answer.place.postalCode})` : label, stores: answer.stores })
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof RequestError && error.status === 404 ? storesTexts.notFound : storesTexts.failed })
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const text = query.trim()
    if (!text) return
    void search(/^\d{5}$/.test(text) ? { postalCode: text } : { town: text }, text)
  }

  const onLocate = () => {
    if (!navigator.geolocation) return setStatus({ kind: 'error', text: storesTexts.locationDenied })
    setStatus({ kind: 'busy', text: storesTexts.locating })
    navigator.geolocation.getCurrentPosition(
      (position) => void search({ geoCoordinates: [position.coords.longitude, position.coords.latitude] }, storesTexts.useLocation),
      () => setStatus({ kind: 'error', text: storesTexts.locationDenied }),
      { timeout: 10_000 },
    )
  }

  const onChoose = async (store: StoreView) => {
    try {
      await chooseStore(store, cart.id)
      panel.close()
    } catch {
      setStatus({ kind: 'error', text: storesTexts.failed })
    }
  }

  const onFavourite = async (store: StoreView) => {
    try {
      setFavourite(await saveFavourite(store, person?.email ?? null))
    } catch {
      setStatus({ kind: 'error', text: storesTexts.failed })
    }
  }

  const onAdopt = async () => {
    if (!person) return
    try {
      setFavourite(await adoptGuestFavourite(person.email))
    } catch {
      setStatus({ kind: 'error', text: storesTexts.failed })
    }
  }

  return (
    <ModalCard ref={panel.ref} title={storesTexts.pickerTitle} closeLabel={storesTexts.close} onClose={panel.close} testId="store-picker" placement="right">
        <Body>
          {person && guestFavourite && favourite?.id !== guestFavourite.id && (
            <Offer data-testid="adopt-favourite">
              <span>{storesTexts.saveGuestFavourite(guestFavourite.name)}</span>
              <Button type="button" $variant="secondary" onClick={() => void onAdopt()}>
                {storesTexts.save}
              </Button>
            </Offer>
          )}
          <form onSubmit={onSubmit} role="search">
            <label htmlFor={inputId}>{storesTexts.searchLabel}</label>
            <SearchRow>
              <input
                id={inputId}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={storesTexts.searchPlaceholder}
                autoComplete="postal-code"
                data-testid="store-search-input"
              />
              <Button type="submit" data-testid="store-search-submit">
                {storesTexts.search}
              </Button>
            </SearchRow>
          </form>
          <Button type="button" $variant="secondary" $block onClick={onLocate} data-testid="store-locate">
            {storesTexts.useLocation}
          </Button>
          <div aria-live="polite" data-testid="store-status">
            {status.kind === 'busy' && <p>{status.text}</p>}
            {status.kind === 'error' && <Problem role="alert">{status.text}</Problem>}
            {status.kind === 'done' && <h3>{status.stores.length ? storesTexts.resultsFor(status.place) : storesTexts.noStores}</h3>}
          </div>
          {status.kind === 'done' && (
            <List data-testid="store-list">
              {status.stores.map((store) => (
                <StoreRow key={store.id} data-testid="store-option" data-store-id={store.id}>
                  <Name>
                    <strong>{store.name}</strong>
                    {distanceText(store.distance) && <span data-testid="store-distance">{distanceText(store.distance)}</span>}
                  </Name>
                  <span>
                    {store.street}, {store.postalCode} {store.city}
                  </span>
                  <span>{todayText(store.today)}</span>
                  <span>{store.inStock ? storesTexts.inStock : storesTexts.notInStock}</span>
                  <Pickup data-testid="store-pickup">
                    {storesTexts.pickupTitle}: {pickupText(store)}
                  </Pickup>
                  <Actions>
                    <Button type="button" onClick={() => void onChoose(store)} aria-pressed={chosen?.id === store.id} data-testid="store-choose">
                      {chosen?.id === store.id ? storesTexts.chosen : storesTexts.chooseThis}
                    </Button>
                    <Button type="button" $variant="secondary" onClick={() => void onFavourite(store)} aria-pressed={favourite?.id === store.id} data-testid="store-favourite">
                      {favourite?.id === store.id ? `★ ${storesTexts.favourite}` : `☆ ${storesTexts.makeFavourite}`}
                    </Button>
                    <MapLink
                      href={`https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {storesTexts.openMap(store.name)}
                    </MapLink>
                  </Actions>
                </StoreRow>
              ))}
            </List>
          )}
        </Body>
    </ModalCard>
  )
}

const Body = styled(DialogBody)`
  label {
    font-weight: ${theme.font.weight.semibold};
  }
  h3 {
    margin: 0;
    font-size: ${theme.font.size.md};
  }
`

const SearchRow = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.xs};
  input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    padding: 0 ${theme.space.sm};
    border: 1px solid ${theme.colors.lineStrong};
    border-radius: ${theme.radius.sm};
    font: inherit;
  }
`

const Problem = styled.p`
  color: ${theme.colors.danger};
`

const Offer = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm};
  background: ${theme.colors.brandSoft};
  border-radius: ${theme.radius.sm};
`

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.md};
`

const StoreRow = styled.li`
  display: grid;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  font-size: ${theme.font.size.sm};
`

const Name = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space.sm};
  font-size: ${theme.font.size.md};
`

const Pickup = styled.span`
  color: ${theme.colors.success};
  font-weight: ${theme.font.weight.semibold};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.xs};
`

const MapLink = styled.a`
  color: ${theme.colors.ink};
`
