import { selectSettings } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useSelector } from 'react-redux';
import { TicketForm } from './requests/ticket-form';
import styles from './support.module.css';

/** Who runs the site and how to reach them; the form files a ticket like a help request. */
export default function ContactPage() {
  const settings = useSelector(selectSettings);
  const support = settings?.support;
  return (
    <div className={styles.page}>
      <h1>Contact us</h1>
      <p className={styles.lead}>
        Questions, feedback or a complaint: we read everything and reply by email. For quick answers, try the{' '}
        <SiteLink to="/helpdesk">helpdesk</SiteLink>; to report a member, use{' '}
        <SiteLink to="/report-abuse">report abuse</SiteLink>.
      </p>
      <section className={styles.card} aria-labelledby="company">
        <h2 id="company">Company details</h2>
        {support ? (
          <dl className={styles.details}>
            <dt>Company</dt>
            <dd>{support.company_name}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${support.email}`}>{support.email}</a>
            </dd>
            <dt>Post</dt>
            <dd>
              <address style={{ fontStyle: 'normal' }}>
                {support.company_address.split(/,\s*/).join('\n')}
              </address>
            </dd>
          </dl>
        ) : (
          <p className={styles.muted}>Loading our details…</p>
        )}
        <p className={styles.muted}>
          We answer emails and messages within one working day, Monday to Friday.
        </p>
      </section>
      <section className={styles.card} aria-labelledby="write">
        <h2 id="write">Write to us</h2>
        <TicketForm source="contact" variant="contact" />
      </section>
    </div>
  );
}
