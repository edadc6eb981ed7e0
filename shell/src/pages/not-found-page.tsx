import { SiteLink } from '@ukd/ui';

export function NotFoundPage() {
  return (
    <section className="shell-notice">
      <p className="shell-notice__status">404</p>
      <h1>This page could not be found</h1>
      <p>The link may be broken, or the page may have moved.</p>
      <SiteLink className="ukd-button ukd-button--primary" to="/">
        Back to home
      </SiteLink>
    </section>
  );
}
