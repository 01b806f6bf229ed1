import { Link } from 'gatsby'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import { pagesTexts } from '../../config/texts/pages'
import { Button } from '../ui/Button'
import { theme } from '../../config/theme'

/** The body of the 404 and 500 pages: what happened, the page asked for, and ways on. */
export function ErrorPage({ code, title, body, from, actions }: { code: string; title: string; body: string; from: string | null; actions?: ReactNode }) {
  return (
    <Box data-testid={`error-page-${code}`}>
      <Code aria-hidden="true">{code}</Code>
      <h1>{title}</h1>
      <p>{body}</p>
      {from && (
        <From>
          {pagesTexts.requested} <code data-testid="error-from">{from}</code>
        </From>
      )}
      <Actions>
        {actions}
        <Button as={Link} to="/">
          {pagesTexts.home}
        </Button>
      </Actions>
    </Box>
  )
}

/**
 * The `from` query parameter, once the page runs in the browser (static HTML
 * has no query), to be shown as text. Whether it may also be linked is
 * `sitePath`'s decision (src/domain/url.ts).
 */
export function fromParameter(search: string): string | null {
  const from = new URLSearchParams(search).get('from')
  return from ? from.slice(0, 300) : null
}

const Box = styled.section`
  max-width: 640px;
  margin: ${theme.space.xl} auto;
  text-align: center;
  h1 {
    margin: 0 0 ${theme.space.sm};
  }
  p {
    color: ${theme.colors.inkSoft};
  }
`
const Code = styled.div`
  color: ${theme.colors.brand};
  font-size: ${theme.font.size.display};
  font-weight: ${theme.font.weight.bold};
  line-height: 1;
`
const From = styled.p`
  code {
    padding: 2px 6px;
    border-radius: ${theme.radius.sm};
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.line};
    overflow-wrap: anywhere;
  }
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.lg};
`
