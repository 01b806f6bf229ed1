/**
 * Cookie consent as the Italian Garante's guidelines (10 June 2021) ask (req CONSENT-01..08). Before a
 * choice only technical storage runs (cart, session, wishlist, favourite store); analytics and marketing
 * wait for the shopper's consent. Everything that decides happens in one tiny inline script in the head
 * (`consentScript`) and a banner of plain server-rendered HTML (ConsentBanner), so the banner works before
 * hydration and costs no React on the critical path.
 *
 * The choice is kept in localStorage under `CONSENT_KEY` as `{ v, t, a, m }`: the purposes version it
 * answered, when (ms since the epoch), analytics and marketing. It is asked again when it is older than
 * `CONSENT_MAX_AGE_MS` (6 months, the Garante's figure) or when `PURPOSES_VERSION` changes.
 */
import { validGtmId } from '../../config/tagManager'

export const CONSENT_KEY = 'zampa-consent'
/** Raise it whenever a purpose is added or changes meaning: every shopper is asked again (req CONSENT-04). */
export const PURPOSES_VERSION = 1
/** Six months (183 days) after a choice the banner asks again (req CONSENT-04). */
export const CONSENT_MAX_AGE_MS = 183 * 24 * 60 * 60 * 1000

export interface ConsentChoice {
  /** Purposes version answered. */
  v: number
  /** When, ms since the epoch. */
  t: number
  /** Analytics (tag manager, GA4). */
  a: boolean
  /** Marketing (ads and personalisation). */
  m: boolean
}

/** Google Consent Mode v2 signals of a choice; `null` is the default before any choice: every tracking signal denied. */
export function consentModeOf(choice: Pick<ConsentChoice, 'a' | 'm'> | null): Record<string, 'granted' | 'denied'> {
  const state = (granted: boolean | undefined) => (granted ? 'granted' : 'denied')
  return {
    ad_storage: state(choice?.m),
    ad_user_data: state(choice?.m),
    ad_personalization: state(choice?.m),
    analytics_storage: state(choice?.a),
    functionality_storage: 'granted',
    security_storage: 'granted',
  }
}

/**
 * The inline script of every page's head, before any other: Consent Mode defaults (all denied) first, then
 * the stored choice, the app's on /fromApp, the banner's controls (one delegated listener, so a tap before
 * hydration counts) and the container, injected only once analytics is granted. Events pushed before stay
 * in window.dataLayer, which the container reads when it starts, so they reach it too (req CONSENT-05).
 */
export function consentScript(gtmId: string | undefined, origin: string): string {
  const gtm = validGtmId(gtmId) ? JSON.stringify(`${origin}/gtm.js?id=${gtmId}`) : '""'
  const denied = JSON.stringify(consentModeOf(null))
  return `(function(w,d){var K=${JSON.stringify(CONSENT_KEY)},V=${PURPOSES_VERSION},A=${CONSENT_MAX_AGE_MS},G=${gtm},h=d.documentElement,l=w.dataLayer=w.dataLayer||[],c=null,g=0,o=null;
function gtag(){l.push(arguments)}w.gtag=gtag;gtag('consent','default',${denied});
function load(){if(g||!G)return;g=1;l.push({'gtm.start':Date.now(),event:'gtm.js'});var s=d.createElement('script');s.async=true;s.src=G;d.head.appendChild(s)}
function apply(n,save){var was=c&&c.a,m=n.m?'granted':'denied';c=n;if(save)try{localStorage.setItem(K,JSON.stringify(n))}catch(e){}
gtag('consent','update',{ad_storage:m,ad_user_data:m,ad_personalization:m,analytics_storage:n.a?'granted':'denied'});h.setAttribute('data-consent',n.a?'granted':'denied');if(n.a)load();else if(was&&g)location.reload()}
try{var s=JSON.parse(localStorage.getItem(K));if(s&&s.v===V&&typeof s.t==='number'&&Date.now()-s.t<=A&&s.t<=Date.now()+6e4)c={v:V,t:s.t,a:s.a===true,m:s.m===true}}catch(e){}
if(/^\\/fromApp\\/?$/.test(location.pathname)){var q=new URLSearchParams(location.search).get('consent');if(q!==null){q=q.split(',');c=null;apply({v:V,t:Date.now(),a:q.indexOf('analytics')>-1,m:q.indexOf('marketing')>-1},1)}}
if(c&&!h.hasAttribute('data-consent'))apply(c,0);if(!c)h.setAttribute('data-consent','ask');
d.addEventListener('click',function(e){var t=e.target&&e.target.closest&&e.target.closest('[data-consent-action]');if(!t)return;e.preventDefault();e.stopImmediatePropagation();
var x=t.getAttribute('data-consent-action'),b=d.getElementById('consent');if(!b)return;var f=b.querySelectorAll('input[name]');
if(x==='open'){o=t;for(var i=0;i<f.length;i++)f[i].checked=!!(c&&c[f[i].name.charAt(0)]);h.setAttribute('data-consent','ask');b.querySelector('button').focus();return}
var a=x==='all',m=a;if(x==='save'){a=f[0].checked;m=f[1].checked}apply({v:V,t:Date.now(),a:a,m:m},1);if(o)o.focus();o=null},true)})(window,document)`
}
