import { fireEvent, screen } from '@testing-library/react'
import { Link } from 'gatsby'
import { renderWithProviders } from '../../testing/render'
import { CheckboxRow } from './CheckboxRow'
import { Chip } from './Chip'

describe('CheckboxRow', () => {
  it('is a checkbox named by its label, toggled from the label, passing its attributes to the box', () => {
    const onChange = jest.fn()
    renderWithProviders(
      <CheckboxRow id="f-brand-zampa" checked={false} onChange={onChange} data-testid="facet-value" data-value="zampa" label={<>Zampa <span>(4)</span></>} />,
    )
    const box = screen.getByRole('checkbox', { name: 'Zampa (4)' })
    expect(box).toBe(screen.getByTestId('facet-value'))
    expect(box.getAttribute('data-value')).toBe('zampa')
    fireEvent.click(screen.getByText('Zampa'))
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})

describe('Chip', () => {
  it('is a button by default and a link when rendered as one', () => {
    const onClick = jest.fn()
    renderWithProviders(
      <>
        <Chip type="button" onClick={onClick}>
          Zampa ×
        </Chip>
        <Chip as={Link} to="/cane" $tone="outline">
          Cane
        </Chip>
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Zampa ×' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: 'Cane' }).getAttribute('href')).toBe('/cane')
  })
})
