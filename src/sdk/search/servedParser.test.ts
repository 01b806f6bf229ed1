import { SERVED_SEARCH_ID } from '../../wire/servedSearchId'
import { loadServedParser } from './servedParser'

/** A document that carries a served answer, or not. */
const page = (served: boolean) => ({ getElementById: (id: string) => (served && id === SERVED_SEARCH_ID ? ({} as HTMLElement) : null) })

describe('loadServedParser', () => {
  it('asks for the parser on a page that carries a served answer, and only there', () => {
    const load = jest.fn(async () => undefined)
    loadServedParser(page(false), load)
    expect(load).not.toHaveBeenCalled()
    loadServedParser(page(true), load)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leaves a failed load to the page, which asks again when it reads the answer', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')))
    const unhandled = jest.fn()
    process.on('unhandledRejection', unhandled)
    loadServedParser(page(true), load)
    await new Promise((resolve) => setTimeout(resolve, 0))
    process.off('unhandledRejection', unhandled)
    expect(load).toHaveBeenCalledTimes(1)
    expect(unhandled).not.toHaveBeenCalled()
  })
})
