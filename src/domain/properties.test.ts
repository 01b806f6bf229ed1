import { PROPERTY_GROUPS } from '../config/productProperties'
import { groupProperties } from './properties'

describe('property grouping', () => {
  it('has the 20 attribute names', () => {
    expect(PROPERTY_GROUPS).toHaveLength(20)
    expect(new Set(PROPERTY_GROUPS).size).toBe(20)
  })

  it('groups values under their attribute, in the list order, without repeats', () => {
    const groups = groupProperties([
      { name: 'Taglia', value: 'Media' },
      { name: 'Gusto', value: 'Pollo' },
      { name: 'Taglia', value: 'Grande' },
      { name: 'Gusto', value: 'Pollo' },
      { name: 'Età', value: 'Adulto' },
    ])
    expect(groups).toEqual([
      { name: 'Gusto', values: ['Pollo'] },
      { name: 'Età', values: ['Adulto'] },
      { name: 'Taglia', values: ['Media', 'Grande'] },
    ])
  })

  it('matches names regardless of case and spaces and leaves out unknown names and blank values', () => {
    expect(
      groupProperties([
        { name: ' gusto ', value: 'Manzo' },
        { name: 'Codice interno', value: 'X1' },
        { name: 'Colore', value: '  ' },
      ]),
    ).toEqual([{ name: 'Gusto', values: ['Manzo'] }])
  })

  it('is empty for a product without properties', () => {
    expect(groupProperties([])).toEqual([])
  })
})
