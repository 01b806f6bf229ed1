import styled from 'styled-components'
import { theme } from '../../config/theme'

/** A content block with its title: the product shelf's (CmsSections.tsx) and the static blocks' (CmsBlocks.tsx). */
export const Block = styled.section`
  margin: ${theme.space.xl} 0;
  h2 {
    margin: 0 0 ${theme.space.md};
    font-size: ${theme.font.size.lg};
  }
`
