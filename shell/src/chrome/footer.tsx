import { Logo, SiteLink } from '@ukd/ui';
import { useShellServices } from '../session/shell-services';

const links = [
  { to: '/faq', label: 'FAQ' },
  { to: '/helpdesk', label: 'Helpdesk' },
  { to: '/contact', label: 'Contact' },
  { to: '/how-to-pay', label: 'How to pay' },
  { to: '/prices', label: 'Prices' },
  { to: '/terms-of-use', label: 'Terms of use' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/2257-notice', label: '2257 notice' },
  { to: '/report-abuse', label: 'Report abuse' },
  { to: '/affiliates', label: 'Affiliates' },
];

export function Footer({ siteName }: { siteName: string }) {
  const { consent } = useShellServices();
  return (
    <footer className="shell-footer">
      <p className="shell-footer__brand">
        <Logo siteName={siteName} onDark />
      </p>
      <nav className="shell-footer__links" aria-label="Site">
        {links.map((link) => (
          <SiteLink key={link.to} to={link.to}>
            {link.label}
          </SiteLink>
        ))}
        <button type="button" className="shell-footer__button" onClick={() => consent.reopen()}>
          Cookie settings
        </button>
      </nav>
      <p className="shell-footer__notice">
        Most profiles on {siteName} are fictional and are there for entertainment only. Physical meetings with
        these profiles are not possible. You must be over 18 and of the legal age of consent to use this
        service.
      </p>
      <p className="shell-footer__copy">
        © {new Date().getFullYear()} {siteName}. For adults in the United Kingdom.
      </p>
    </footer>
  );
}
