import type { CommerceAdapter } from '../commerce/adapter'

const unused = (): never => {
  throw new Error('stores are not part of this test')
}

/** The adapter's stores and geocoding for a hand-made adapter whose test does not use them. */
export const unusedStores: Pick<CommerceAdapter, 'stores' | 'geo'> = {
  stores: { near: unused, byId: unused, bySeller: unused, favourite: unused, saveFavourite: unused, pickupPoint: unused, setPickupPoint: unused },
  geo: { lookup: unused, reverse: unused },
}
