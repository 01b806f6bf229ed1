import type { PageProps } from 'gatsby'
import { useEffect, useState } from 'react'
import { Layout } from '../components/sections/Layout'

/**
 * A page that throws while rendering once it runs in the browser, so the
 * browser journeys can check the error boundary end to end. gatsby-node only
 * creates it when RENDER_ERROR_PROBE=1 (the Playwright server sets it); a
 * normal build has no such page. `?status=404` throws a not-found error.
 */
export default function RenderErrorProbe({ location }: Pick<PageProps, 'location'>) {
  const [broken, setBroken] = useState(false)
  useEffect(() => setBroken(true), [])
  if (broken) {
    const status = new URLSearchParams(location.search).get('status') === '404' ? 404 : undefined
    throw Object.assign(new Error('render error probe'), { status })
  }
  return (
    <Layout>
      <p>…</p>
    </Layout>
  )
}
