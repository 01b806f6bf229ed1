import { act, fireEvent, screen } from '@testing-library/react'
import { PanelProbe, renderWithProviders } from '../../../testing/render'
import { useMinicart } from '../../../sdk/shell/panels'
import { MinicartHost } from './MinicartHost'

function Opener() {
  const { openMinicart, closeMinicart } = useMinicart()
  return (
    <>
      <button type="button" onClick={openMinicart}>
        open
      </button>
      <button type="button" onClick={closeMinicart}>
        close
      </button>
    </>
  )
}

describe('MinicartHost', () => {
  beforeEach(() => {
    // The minicart asks the Functions for loyalty figures when it opens: answer them with nothing.
    globalThis.fetch = jest.fn(async () => new Response('{}', { status: 404 })) as unknown as typeof fetch
  })

  it('mounts nothing before the first opening', () => {
    renderWithProviders(
      <>
        <Opener />
        <MinicartHost />
      </>,
    )
    expect(screen.queryByTestId('minicart')).toBeNull()
  })

  it('loads the minicart on the first opening, hides it on closing and shows it again on the next', async () => {
    renderWithProviders(
      <>
        <Opener />
        <PanelProbe />
        <MinicartHost />
      </>,
    )
    fireEvent.click(screen.getByText('open'))
    expect(await screen.findByTestId('minicart')).toBeTruthy()
    fireEvent.click(screen.getByText('close'))
    expect(screen.queryByTestId('minicart')).toBeNull()
    expect(screen.getByTestId('panel').textContent).toBe('closed')
    fireEvent.click(screen.getByText('open'))
    // Already loaded: the panel is there in the same commit as the opening.
    expect(screen.getByTestId('minicart')).toBeTruthy()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  })
})
