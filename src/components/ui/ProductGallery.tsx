import styled from 'styled-components'
import { listReset } from './listReset'
import type { Image } from '../../domain/types'
import { productTexts } from '../../config/texts/product'
import { ProductImage } from './ProductImage'
import { theme } from '../../config/theme'

interface Props {
  images: Image[]
  selected: number
  onSelect: (index: number) => void
}

/** The chosen picture large, the others as thumbnails; each picture is asked of its image service at the width shown. */
export function ProductGallery({ images, selected, onSelect }: Props) {
  const main = images[selected] ?? images[0]
  return (
    <Wrapper data-testid="gallery">
      <Main>{main && <ProductImage key={main.url} image={main} width={560} breakpoints={[360, 560, 840, 1120]} loading="eager" priority />}</Main>
      {images.length > 1 && (
        <Thumbs>
          {images.map((image, i) => (
            <li key={image.url}>
              <button type="button" aria-label={productTexts.showImage(i + 1)} aria-pressed={i === selected} onClick={() => onSelect(i)} data-testid="gallery-thumb">
                <ProductImage image={image} width={72} breakpoints={[72, 144]} />
              </button>
            </li>
          ))}
        </Thumbs>
      )}
    </Wrapper>
  )
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  max-width: 560px;
  width: 100%;
  margin: 0 auto;
`
const Main = styled.div`
  aspect-ratio: 1;
`
const Thumbs = styled.ul`
  display: flex;
  gap: ${theme.space.sm};
  ${listReset}
  button {
    display: block;
    width: 72px;
    padding: 2px;
    border: 2px solid ${theme.colors.line};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${theme.colors.brand};
  }
`
