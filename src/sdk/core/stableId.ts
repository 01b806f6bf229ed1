/**
 * Element ids that stay the same when an island hydrates in a React root of its own
 * (src/components/shell/island.tsx). React's `useId` is the component's place in its root's tree: the
 * server renders an island inside the page's tree, the browser hydrates it in its own root, so the two
 * ids differ, and a hydrated `aria-controls` would keep naming the server's id while React names the
 * client's. Inside an island the id is the island's own (the same on both sides) and the caller's name;
 * elsewhere it is `useId`'s and the name.
 */
import { createContext, createElement, useContext, useId, type ReactNode } from 'react'

const IslandScope = createContext<string | null>(null)

/** Names the island its children render in. */
export function IslandIdScope({ id, children }: { id: string; children: ReactNode }) {
  return createElement(IslandScope.Provider, { value: id }, children)
}

/** An id for an element of this component; `name` tells it from other ids of the same island. */
export function useStableId(name: string): string {
  const scope = useContext(IslandScope)
  const own = useId()
  return `${scope ?? own}-${name}`
}
