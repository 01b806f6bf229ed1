import styled from 'styled-components'
import { formatPrice } from '../../config/format'
import { theme } from '../../config/theme'

interface Props {
  price: number
  listPrice?: number
  testId?: string
}

/** Selling price, with the list price struck through when there is a real discount. */
export function Price({ price, listPrice, testId }: Props) {
  const discounted = listPrice !== undefined && listPrice > price
  return (
    <Wrapper>
      {discounted && <ListPrice data-testid={testId ? `${testId}-list` : undefined}>{formatPrice(listPrice)}</ListPrice>}
      <Selling data-testid={testId} $discounted={discounted}>
        {formatPrice(price)}
      </Selling>
    </Wrapper>
  )
}

const Wrapper = styled.span`
  display: inline-flex;
  align-items: baseline;
  gap: ${theme.space.sm};
`
const ListPrice = styled.s`
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.sm};
`
const Selling = styled.span<{ $discounted: boolean }>`
  font-weight: ${theme.font.weight.bold};
  color: ${({ $discounted }) => ($discounted ? theme.colors.brand : theme.colors.ink)};
`
