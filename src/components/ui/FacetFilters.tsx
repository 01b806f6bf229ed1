/**
 * The facet lists of a listing: one group per facet, each value a checkbox
 * with its count. Long lists show their first values and a "show all".
 */
import { useState } from 'react'
import styled from 'styled-components'
import { CheckboxRow } from './CheckboxRow'
import { listReset } from './listReset'
import type { Facet } from '../../domain/types'
import { listingTexts } from '../../config/texts/listing'
import type { SelectedFacet } from '../../domain/search/state'
import { theme } from '../../config/theme'

const SHOWN = 8
/** Groups open at first; the rest open on a tap, or when one of their values is selected. */
const OPEN_GROUPS = 4

interface Props {
  facets: Facet[]
  /** What the URL selects: boxes follow it at once, before the new counts arrive. */
  selected: SelectedFacet[]
  onToggle: (facet: SelectedFacet) => void
  /** Facet keys not offered here (a brand page's brand). */
  hidden?: string[]
  idPrefix: string
}

export function FacetFilters({ facets, selected, onToggle, hidden = [], idPrefix }: Props) {
  const shown = facets.filter((f) => f.values.length > 0 && !hidden.includes(f.key))
  return (
    <div data-testid="facets">
      {shown.map((facet, i) => (
        <FacetGroup
          key={facet.key}
          facet={facet}
          isSelected={(value) => selected.some((s) => s.key === facet.key && s.value === value)}
          onToggle={onToggle}
          idPrefix={idPrefix}
          initiallyOpen={i < OPEN_GROUPS || facet.values.some((v) => v.selected)}
        />
      ))}
    </div>
  )
}

interface GroupProps {
  facet: Facet
  isSelected: (value: string) => boolean
  onToggle: Props['onToggle']
  idPrefix: string
  initiallyOpen: boolean
}

function FacetGroup({ facet, isSelected, onToggle, idPrefix, initiallyOpen }: GroupProps) {
  const [open, setOpen] = useState(false)
  const values = open ? facet.values : facet.values.slice(0, SHOWN)
  return (
    <Group data-testid="facet" data-facet-key={facet.key} open={initiallyOpen}>
      <summary>{facet.label}</summary>
      <fieldset>
      <legend className="visually-hidden">{facet.label}</legend>
      <ul>
        {values.map((value) => {
          const id = `${idPrefix}-${facet.key}-${value.value}`.replace(/[^A-Za-z0-9_-]/g, '_')
          return (
            <li key={value.value}>
              <CheckboxRow
                id={id}
                checked={isSelected(value.value)}
                onChange={() => onToggle({ key: facet.key, value: value.value })}
                data-testid="facet-value"
                data-value={value.value}
                label={
                  <>
                    {value.label} <Count>({value.quantity})</Count>
                  </>
                }
              />
            </li>
          )
        })}
      </ul>
      {facet.values.length > SHOWN && (
        <More type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? listingTexts.showLess : listingTexts.showMore}
        </More>
      )}
      </fieldset>
    </Group>
  )
}

const Group = styled.details`
  margin: 0 0 ${theme.space.md};
  padding: 0 0 ${theme.space.sm};
  border-bottom: 1px solid ${theme.colors.line};
  summary {
    display: flex;
    justify-content: space-between;
    align-items: center;
    min-height: 40px;
    font-weight: ${theme.font.weight.bold};
    cursor: pointer;
    list-style: none;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::after {
    content: '+';
    font-size: ${theme.font.size.lg};
    font-weight: ${theme.font.weight.regular};
  }
  &[open] summary::after {
    content: '−';
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
  }
  ul {
    ${listReset}
  }
`
const Count = styled.span`
  color: ${theme.colors.inkSoft};
`
const More = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.brandDark};
  font-size: ${theme.font.size.sm};
  text-decoration: underline;
  cursor: pointer;
`
