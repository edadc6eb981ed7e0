import type { Ticket } from '@ukd/contracts/api';
import { SiteLink } from '@ukd/ui';
import styles from '../support.module.css';

/** The answer to a sent request: its reference, where the confirmation went, what happens next. */
export function TicketSent({ ticket, member }: { ticket: Ticket; member: boolean }) {
  return (
    <section className={styles.card} aria-labelledby="ticket-sent" role="status">
      <h2 id="ticket-sent">Thank you, we have your request</h2>
      <p>Your reference is</p>
      <p className={styles.reference} data-testid="ticket-reference">
        {ticket.reference}
      </p>
      <p>
        We have emailed a confirmation to <strong>{ticket.email}</strong>. Our support team replies by email,
        usually within one working day. Please quote the reference if you write to us again.
      </p>
      <div className={styles.actions}>
        {member ? (
          <SiteLink to="/helpdesk/requests" className="ukd-button ukd-button--primary">
            See your requests
          </SiteLink>
        ) : null}
        <SiteLink to="/helpdesk" className="ukd-button ukd-button--secondary">
          Back to the helpdesk
        </SiteLink>
      </div>
    </section>
  );
}
