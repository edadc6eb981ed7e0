import { SiteLink } from '@ukd/ui';
import { useSearchParams } from 'react-router';
import { TicketForm } from './requests/ticket-form';
import styles from './support.module.css';

export default function SubmitRequestPage() {
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <h1>Send us a request</h1>
      <p className={styles.lead}>
        Our support team reads every request and replies by email. Many answers are already in the{' '}
        <SiteLink to="/helpdesk">helpdesk</SiteLink>. To report a member, use{' '}
        <SiteLink to="/report-abuse">report abuse</SiteLink>.
      </p>
      <div className={styles.card}>
        <TicketForm source="request" variant="request" topic={params.get('topic')} />
      </div>
    </div>
  );
}
