import styled, { keyframes } from 'styled-components'
import { headerTexts } from '../../config/texts/header'
import { pageLoading } from '../../sdk/shell/progress'
import { useSdkState } from '../../sdk/core/useSdkState'
import { theme } from '../../config/theme'

/** A thin bar in the progress-bar colour (theme.progressBar) across the top while a slow page loads; no spinner (req PAGE-03, CONST-12). */
export function ProgressBar() {
  const loading = useSdkState(pageLoading)
  if (!loading) return null
  return (
    <Track role="progressbar" aria-label={headerTexts.loading} data-testid="progress-bar">
      <Bar />
    </Track>
  )
}

const grow = keyframes`
  0% { transform: scaleX(0); }
  60% { transform: scaleX(0.7); }
  100% { transform: scaleX(0.92); }
`
const Track = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: ${theme.zIndex.toast + 1};
  height: 3px;
  pointer-events: none;
`
const Bar = styled.div`
  height: 100%;
  background: ${theme.progressBar};
  box-shadow: 0 0 8px ${theme.progressBar};
  transform-origin: left;
  animation: ${grow} 8s cubic-bezier(0.1, 0.8, 0.3, 1) forwards;
`
