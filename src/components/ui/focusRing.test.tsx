import { screen } from '@testing-library/react'
import styled from 'styled-components'
import { focusRing } from './focusRing'
import { listReset } from './listReset'
import { theme } from '../../config/theme'
import { renderWithProviders } from '../../testing/render'
import { rulesOf } from '../../testing/styles'


const Plain = styled.button`
  ${focusRing()}
`
const Inset = styled.a`
  ${focusRing({ inset: true })}
`
const OnDark = styled.nav`
  a {
    ${focusRing({ color: theme.colors.footer.focus })}
  }
`
const List = styled.ul`
  ${listReset}
  margin: 0 0 8px;
`

describe('focusRing', () => {
  it('draws 3 px in the focus colour, 2 px outside the control, for keyboard focus only', () => {
    renderWithProviders(<Plain>Vai</Plain>)
    expect(rulesOf(screen.getByRole('button'))).toMatch(/:focus-visible\{outline:3px solid #1B5FD1;outline-offset:2px;\}/)
  })

  it('sits inside the edge when inset', () => {
    renderWithProviders(<Inset href="/cane">Cane</Inset>)
    expect(rulesOf(screen.getByRole('link'))).toMatch(/:focus-visible\{outline:3px solid #1B5FD1;outline-offset:-3px;\}/)
  })

  it('takes another colour on a dark background, in a nested rule', () => {
    renderWithProviders(
      <OnDark>
        <a href="/">Home</a>
      </OnDark>,
    )
    expect(rulesOf(screen.getByRole('navigation'))).toContain(` a:focus-visible{outline:3px solid ${theme.colors.footer.focus};outline-offset:2px;}`)
  })
})

describe('listReset', () => {
  it('drops bullets, indent and margins, and lets the list set its own margin after it', () => {
    renderWithProviders(<List />)
    expect(rulesOf(screen.getByRole('list'))).toMatch(/\{margin:0;padding:0;list-style:none;margin:0 0 8px;\}/)
  })
})
