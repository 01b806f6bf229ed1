import type { GatsbyBrowser } from 'gatsby'
import { PageShell, routeProgress } from './src/components/islands/PageShell'
import { RootProviders } from './src/components/islands/RootProviders'

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element }) => <PageShell>{element}</PageShell>

export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = routeProgress.onRouteUpdateDelayed

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = routeProgress.onRouteUpdate
