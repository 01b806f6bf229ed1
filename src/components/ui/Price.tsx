import styled from 'styled-components'
import { formatPrice } from '../../config/format'

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
  gap: ${({ theme }) => theme.space.sm};
`
const ListPrice = styled.s`
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Selling = styled.span<{ $discounted: boolean }>`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme, $discounted }) => ($discounted ? theme.colors.brand : theme.colors.ink)};
`
