import styled from 'styled-components'
import { theme } from '../../config/theme'

/** A menu item's tag (req ENTITY-02: tag, tagColor), a small pill after its title. */
export function MenuTag({ tag, color, className }: { tag: string; color?: string | null; className?: string }) {
  return (
    <Pill className={className} style={{ background: color ?? undefined }}>
      {tag}
    </Pill>
  )
}

const Pill = styled.span`
  margin-left: ${theme.space.sm};
  padding: 1px 8px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.xxs};
  font-weight: ${theme.font.weight.bold};
`
