/**
 * @jest-environment jsdom
 */
import { loadBoot } from './loadBoot'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

it('loads the boot once; a chunk that failed is asked for again when the tab gets the focus or the network back', async () => {
  const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue({})
  loadBoot(load)
  loadBoot(load)
  expect(load).toHaveBeenCalledTimes(1)
  await flush()
  // Failed: nothing asks again until the tab has the focus or the network back.
  expect(load).toHaveBeenCalledTimes(1)
  window.dispatchEvent(new Event('online'))
  expect(load).toHaveBeenCalledTimes(2)
  await flush()
  window.dispatchEvent(new Event('focus'))
  window.dispatchEvent(new Event('online'))
  loadBoot(load)
  expect(load).toHaveBeenCalledTimes(2)
})
