import styled from 'styled-components'

/** A menu item's tag (spec §3 Menu item: tag, tagColor), a small pill after its title. */
export function MenuTag({ tag, color, className }: { tag: string; color?: string | null; className?: string }) {
  return (
    <Pill className={className} style={{ background: color ?? undefined }}>
      {tag}
    </Pill>
  )
}

const Pill = styled.span`
  margin-left: ${({ theme }) => theme.space.sm};
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.inverse};
  font-size: ${({ theme }) => theme.font.size.xxs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`
