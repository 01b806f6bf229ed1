/**
 * Product properties grouped under the 20 attribute names (req PRODUCT-09): one
 * group per name, in the list's order, its values in the catalog's order
 * without repeats. Names outside the list are not shown: they are the
 * catalog's own bookkeeping, not something a shopper compares.
 */
import { PROPERTY_GROUPS, type PropertyGroupName } from '../config/productProperties'
import type { ProductProperty } from './types'

export interface PropertyGroup {
  name: PropertyGroupName
  values: string[]
}

const normal = (name: string) => name.trim().toLocaleLowerCase('it-IT')
const byName = new Map<string, PropertyGroupName>(PROPERTY_GROUPS.map((name) => [normal(name), name]))

export function groupProperties(properties: ProductProperty[]): PropertyGroup[] {
  const groups = new Map<PropertyGroupName, string[]>()
  for (const property of properties) {
    const name = byName.get(normal(property.name))
    const value = property.value.trim()
    if (!name || !value) continue
    const values = groups.get(name) ?? []
    if (!values.includes(value)) values.push(value)
    groups.set(name, values)
  }
  return PROPERTY_GROUPS.filter((name) => groups.has(name)).map((name) => ({ name, values: groups.get(name)! }))
}
