/**
 * The GA4 events a page sends by being seen: view_item_list for each page of
 * results a listing shows (once per distinct list of products), with the
 * select_item handler for its cards, and view_item for a product page.
 */
import { useCallback, useEffect, useRef } from 'react'
import type { Product, ProductSummary } from '../../domain/types'
import { shownVariant } from '../../domain/stock'
import { itemOfProduct, itemOfSummary, trackGa4 } from './ga4'

export function useListAnalytics(products: ProductSummary[] | undefined, listName: string) {
  const sent = useRef('')
  const key = products?.map((p) => p.id).join(',') ?? ''
  useEffect(() => {
    if (!products || !key || sent.current === `${listName}|${key}`) return
    sent.current = `${listName}|${key}`
    trackGa4('view_item_list', products.map((p, i) => itemOfSummary(p, i, listName)), { item_list_name: listName })
  }, [key, listName]) // eslint-disable-line react-hooks/exhaustive-deps -- the ids stand for the products
  return useCallback(
    (product: ProductSummary, index: number) => trackGa4('select_item', [itemOfSummary(product, index, listName)], { item_list_name: listName }),
    [listName],
  )
}

export function useViewItem(product: Product) {
  useEffect(() => {
    const variant = shownVariant(product)
    if (variant) trackGa4('view_item', [itemOfProduct(product, variant)])
  }, [product])
}
