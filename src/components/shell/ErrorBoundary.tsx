import { Component, type ErrorInfo, type ReactNode } from 'react'
import styled from 'styled-components'
import { errorsTexts } from '../../config/texts/errors'
import { browserErrorEnvironment, handleRenderError } from '../../sdk/shell/renderErrors'
import { theme } from '../../config/theme'

interface Props {
  children: ReactNode
  /** Where the decision runs; the browser's by default. */
  onError?: (error: unknown) => void
}

/**
 * Catches render errors of the page (req PAGE-01) and hands them to
 * handleRenderError: reload on a chunk-load error, else /404 or /500. While
 * the browser leaves, the page shows the fallback text.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    if (this.props.onError) this.props.onError(error)
    else handleRenderError(error, browserErrorEnvironment())
  }

  override render() {
    if (this.state.failed) return <Fallback role="alert">{errorsTexts.fallback}</Fallback>
    return this.props.children
  }
}

const Fallback = styled.p`
  max-width: 640px;
  margin: 20vh auto;
  padding: 0 ${theme.space.md};
  font-size: ${theme.font.size.lg};
  text-align: center;
`
