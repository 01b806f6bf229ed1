/** React access to the session: the person behind the platform cookie and the vet flag. */
import { useEffect, useState } from 'react'
import type { Person } from '../../config/session'
import { useSdkState } from '../core/useSdkState'
import { loadIsVet } from './isVet'
import { sessionState } from './state'

export function useSession() {
  return useSdkState(sessionState)
}

/** The logged-in person (one with an id), or null for a guest. */
export function usePerson(): Person | null {
  const { person } = useSession()
  return person?.id ? person : null
}

/** Whether the person is a veterinarian: false for a guest, null while a person's flag is not known yet. */
export function useIsVet(orderFormId: string): boolean | null {
  const person = usePerson()
  const [isVet, setIsVet] = useState<boolean | null>(null)
  const email = person?.email
  useEffect(() => {
    let current = true
    setIsVet(person ? null : false)
    if (!person) return
    void loadIsVet({ person, orderFormId }).then((value) => current && setIsVet(value))
    return () => {
      current = false
    }
    // Asked again only when the person changes; the order form id only travels with the question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [email])
  return isVet
}
