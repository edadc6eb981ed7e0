import { toFailure } from '@ukd/api-client';
import { SUPPORT_TOPIC_OPTIONS, TICKET_STATUS_LABELS, type Ticket } from '@ukd/contracts/api';
import { EmptyState, PageLoading, SiteLink, useShell } from '@ukd/ui';
import { useEffect, useState } from 'react';
import styles from '../support.module.css';

export const topicLabel = (key: string) => SUPPORT_TOPIC_OPTIONS.find((t) => t.key === key)?.label ?? key;
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const sentOn = (iso: string) => day.format(new Date(iso));

/** The member's own help requests and where each stands (`/helpdesk/requests`). */
export default function RequestsPage() {
  const shell = useShell();
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    shell
      .api<{ data: Ticket[] }>('/support-tickets')
      .then((answer) => live && setTickets(answer.data))
      .catch((error: unknown) => live && setProblem(toFailure(error).message));
    return () => {
      live = false;
    };
  }, [shell]);

  return (
    <div className={styles.page}>
      <h1>Your help requests</h1>
      <p className={styles.lead}>
        Requests you sent while signed in, newest first. We reply to each by email.
      </p>
      {problem ? (
        <p className="ukd-notice ukd-notice--error" role="alert">
          {problem}
        </p>
      ) : tickets === null ? (
        <PageLoading />
      ) : tickets.length === 0 ? (
        <EmptyState
          title="No requests yet"
          art="help"
          action={
            <SiteLink to="/submit-request" className="ukd-button ukd-button--primary">
              Send us a request
            </SiteLink>
          }
        >
          When you send us a request while signed in, it shows here with its status.
        </EmptyState>
      ) : (
        <section className={styles.card} aria-label="Requests">
          <ul className={styles.articles}>
            {tickets.map((ticket) => (
              <li key={ticket.reference}>
                <SiteLink to={`/helpdesk/requests/${ticket.reference}`}>{ticket.reference}</SiteLink>{' '}
                <span className={styles.status}>{TICKET_STATUS_LABELS[ticket.status]}</span>
                <p>
                  {topicLabel(ticket.topic)}, sent {sentOn(ticket.created_at)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <SiteLink to="/submit-request">Send a new request</SiteLink> ·{' '}
        <SiteLink to="/helpdesk">Helpdesk</SiteLink>
      </p>
    </div>
  );
}
