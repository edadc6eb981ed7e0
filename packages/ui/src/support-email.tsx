import { SiteLink } from './site-link';

/**
 * The site's support address (`SUPPORT_EMAIL`, from `GET /api/settings`) as a mail link; copy
 * never writes an address in. Until the settings arrive, a link to the contact page.
 */
export function SupportEmailLink({ email }: { email: string | undefined }) {
  if (!email) return <SiteLink to="/contact">our contact page</SiteLink>;
  return <a href={`mailto:${email}`}>{email}</a>;
}
