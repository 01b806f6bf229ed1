/**
 * The footer's static blocks (see Footer.tsx and staticSection): rendered by the server, their HTML kept as it is
 * by the browser. Their tracked links carry their report as attributes for that HTML.
 */
import type { ImgHTMLAttributes } from 'react'
import styled from 'styled-components'
import { listReset } from '../ui/listReset'
import type { CmsData } from '../../cms/content'
import { footerTexts } from '../../config/texts/footer'
import { SiteLink } from '../ui/SiteLink'
import { theme } from '../../config/theme'
import { COOKIE_POLICY_PATH, PRIVACY_PATH } from '../../config/legal'
import { footerLink, footerRow } from './footerShared'

interface Props {
  footer: CmsData<'footer'>
}

/**
 * A logo of the footer, which every page has below its fold: fetched as it nears the screen, so that on a phone
 * its sixteen pictures do not share the network with the page's own before the first paint.
 */
const Logo = (props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) => <img loading="lazy" decoding="async" {...props} />

/** The customer service and the apps, social links, registry and award. */
export function FooterBlocks({ footer }: Props) {
  const { contactInfo, customerService: service } = footer
  return (
    <Blocks>
      <Block aria-labelledby="footer-service">
        <BlockTitle id="footer-service">{service.title}</BlockTitle>
        <Label>{service.phoneTitle}</Label>
        <Phone href={`tel:${service.phone.replace(/[^\d+]/g, '')}`} {...footerLink(service.title, service.phone, 'tel')}>
          {service.phone}
        </Phone>
        <Label>{service.secondTitle}</Label>
        <SiteLink to={service.secondLink} {...footerLink(service.title, service.secondValue, service.secondLink)}>
          {service.secondValue}
        </SiteLink>
        <Hours>
          {service.businessDays}
          <br />
          {service.hours}
        </Hours>
        <SiteLink to={service.mapLink} newTab {...footerLink(service.title, service.mapLabel, service.mapLink)}>
          {service.mapLabel}
        </SiteLink>
      </Block>
      <Block aria-labelledby="footer-app">
        <BlockTitle id="footer-app">{footerTexts.app}</BlockTitle>
        <Row>
          <SiteLink to={contactInfo.appleLink} newTab {...footerLink(footerTexts.app, 'App Store', contactInfo.appleLink)}>
            <Logo src="/cms/footer/app-store.svg" alt={footerTexts.appStore} width={164} height={46} />
          </SiteLink>
          <SiteLink to={contactInfo.googleLink} newTab {...footerLink(footerTexts.app, 'Google Play', contactInfo.googleLink)}>
            <Logo src="/cms/footer/google-play.svg" alt={footerTexts.googlePlay} width={164} height={46} />
          </SiteLink>
        </Row>
        <BlockTitle as="h3">{footerTexts.social}</BlockTitle>
        <Row as="ul" data-testid="footer-social">
          {contactInfo.social.map((social) => (
            <li key={social.name}>
              <SiteLink to={social.link} newTab {...footerLink(footerTexts.social, social.name, social.link)}>
                <Logo src={social.logoImage} alt={social.name} width={36} height={36} />
              </SiteLink>
            </li>
          ))}
        </Row>
        <Row>
          <SiteLink to={contactInfo.vetRegistry.link} newTab>
            <Logo src={contactInfo.vetRegistry.logoImage} alt={contactInfo.vetRegistry.name} width={150} height={56} />
          </SiteLink>
          <SiteLink to={contactInfo.award.link} newTab>
            <Logo src={contactInfo.award.logoImage} alt={contactInfo.award.label} width={136} height={56} />
          </SiteLink>
        </Row>
      </Block>
    </Blocks>
  )
}

/** The payment methods, the business data and the legal links. */
export function FooterBottom({ footer }: Props) {
  const { contactInfo } = footer
  return (
    <Bottom>
      <BottomRow>
        <Payments aria-label={footerTexts.payments}>
          {footer.paymentIcons.map((icon) => (
            <li key={icon.name}>
              <Logo src={icon.logoImage} alt={icon.name} width={64} height={40} />
            </li>
          ))}
        </Payments>
        <Business aria-label={footerTexts.businessData}>
          {contactInfo.businessData.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>{footerTexts.copyright(new Date().getFullYear())}</span>
        </Business>
        <Legal aria-label={footerTexts.legal} data-testid="footer-legal">
          <a href={PRIVACY_PATH}>{footerTexts.privacy}</a>
          <a href={COOKIE_POLICY_PATH}>{footerTexts.cookiePolicy}</a>
          {/* Handled by the head's consent script, before and after hydration alike (req CONSENT-03). */}
          <button type="button" data-consent-action="open" data-testid="consent-reopen">
            {footerTexts.cookiePreferences}
          </button>
        </Legal>
      </BottomRow>
    </Bottom>
  )
}

const BottomRow = styled.div`
  ${footerRow}
`
const Legal = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.md};
  grid-column: 1 / -1;
  a,
  button {
    min-height: 44px;
    display: inline-flex;
    align-items: center;
    padding: 0;
    border: 0;
    background: none;
    color: ${theme.colors.inverse};
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }
`
const Blocks = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.lg};
  ${theme.media.sm} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Block = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space.xs};
  font-size: ${theme.font.size.sm};
`
const BlockTitle = styled.h2`
  margin: 0 0 ${theme.space.sm};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.md};
  h3& {
    margin-top: ${theme.space.md};
    font-size: ${theme.font.size.sm};
  }
`
const Label = styled.span`
  margin-top: ${theme.space.sm};
  color: ${theme.colors.footer.muted};
  font-size: ${theme.font.size.xs};
  text-transform: uppercase;
  letter-spacing: 1px;
`
const Phone = styled.a`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
  text-decoration: none;
`
const Hours = styled.p`
  margin: ${theme.space.sm} 0;
  color: ${theme.colors.footer.soft};
`
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  ${listReset}
  margin: 0 0 ${theme.space.sm};
  img {
    display: block;
  }
`
const Bottom = styled.div`
  border-top: 1px solid ${theme.colors.footer.line};
  ${BottomRow} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.space.md};
    padding-top: ${theme.space.lg};
    padding-bottom: ${theme.space.lg};
  }
`
const Payments = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  ${listReset}
  img {
    display: block;
  }
`
const Business = styled.address`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs} ${theme.space.md};
  color: ${theme.colors.footer.muted};
  font-size: ${theme.font.size.xs};
  font-style: normal;
`
