import { graphql, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { listReset } from '../components/ui/listReset'
import { cmsData, type CmsContentResult } from '../cms/content'
import { Layout } from '../components/sections/Layout'
import { SeoHead } from '../components/ui/SeoHead'
import { formatPriceIt } from '../config/format'
import { theme } from '../config/theme'

/** The booking provider's scripts load with the page (req LAYOUT-03); its widget mounts in #services-booking-widget. */
export function Head({ data }: HeadProps<CmsContentResult>) {
  const page = cmsData('servicesBooking', data)
  return (
    <SeoHead title={page.title} description={page.description} path={`/${page.slug}`} pageType="serviceBooking">
      {page.scripts.map((script) => (
        <script key={script.src} src={script.src} async={script.async} defer={!script.async} />
      ))}
    </SeoHead>
  )
}

export default function ServicesBookingPage({ data }: PageProps<CmsContentResult>) {
  const page = cmsData('servicesBooking', data)
  return (
    <Layout variant={page.noLayout ? 'bare' : 'main'}>
      <Body>
        <h1 data-testid="services-title">{page.heading}</h1>
        <p>{page.intro}</p>
        <Services data-testid="services">
          {page.services.map((service) => (
            <li key={service.name} data-service={service.name}>
              <h2>{service.name}</h2>
              <p>{service.description}</p>
              <small>
                {service.duration}
                {service.priceFrom !== undefined && ` · da ${formatPriceIt(service.priceFrom)}`}
              </small>
            </li>
          ))}
        </Services>
        <Booking aria-labelledby="services-booking-title">
          <h2 id="services-booking-title">{page.bookingTitle}</h2>
          <p>{page.bookingNote}</p>
          {/* The widget script fills this element; React leaves its contents alone. */}
          <div id="services-booking-widget" data-services={JSON.stringify(page.services.map((s) => s.name))} data-testid="booking-widget" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
        </Booking>
      </Body>
    </Layout>
  )
}

const Body = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: ${theme.space.md} 0;
  h1 {
    font-size: ${theme.font.size.xl};
    margin: 0 0 ${theme.space.sm};
  }
`
const Services = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${theme.space.md};
  ${listReset}
  margin: ${theme.space.lg} 0;
  li {
    padding: ${theme.space.md};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
  }
  h2 {
    margin: 0 0 ${theme.space.xs};
    font-size: ${theme.font.size.md};
  }
  p {
    margin: 0 0 ${theme.space.sm};
    font-size: ${theme.font.size.sm};
  }
  small {
    color: ${theme.colors.inkSoft};
  }
`
const Booking = styled.section`
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  h2 {
    margin-top: 0;
    font-size: ${theme.font.size.lg};
  }
`

export const query = graphql`
  query ServicesBookingPage {
    cmsContent(name: { eq: "servicesBooking" }) {
      data
    }
  }
`
