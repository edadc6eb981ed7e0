import { toFailure } from '@ukd/api-client';
import { TICKET_STATUS_LABELS, type Ticket } from '@ukd/contracts/api';
import { PageLoading, SiteLink, useShell } from '@ukd/ui';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import styles from '../support.module.css';
import { sentOn, topicLabel } from './requests-page';

/** One of the member's own requests (`/helpdesk/requests/{reference}`); anyone else's is "not found". */
export default function RequestPage() {
  const shell = useShell();
  const { reference = '' } = useParams();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    setTicket(null);
    setProblem(null);
    shell
      .api<{ data: Ticket }>(`/support-tickets/${encodeURIComponent(reference)}`)
      .then((answer) => live && setTicket(answer.data))
      .catch((error: unknown) => live && setProblem(toFailure(error)));
    return () => {
      live = false;
    };
  }, [shell, reference]);

  return (
    <div className={styles.page}>
      <p>
        <SiteLink to="/helpdesk/requests">← Your help requests</SiteLink>
      </p>
      {problem ? (
        <>
          <h1>{problem.status === 404 ? 'Request not found' : 'Something went wrong'}</h1>
          <p>
            {problem.status === 404
              ? 'There is no request with this reference on your account.'
              : problem.message}
          </p>
        </>
      ) : ticket === null ? (
        <PageLoading />
      ) : (
        <>
          <h1>Request {ticket.reference}</h1>
          <section className={styles.card} aria-label="Request details">
            <dl className={styles.details}>
              <dt>Status</dt>
              <dd>
                <span className={styles.status}>{TICKET_STATUS_LABELS[ticket.status]}</span>
              </dd>
              <dt>Topic</dt>
              <dd>{topicLabel(ticket.topic)}</dd>
              <dt>Sent</dt>
              <dd>{sentOn(ticket.created_at)}</dd>
              <dt>Reply to</dt>
              <dd>{ticket.email}</dd>
              <dt>Screenshot</dt>
              <dd>{ticket.has_attachment ? 'Attached' : 'None'}</dd>
              <dt>Message</dt>
              <dd>{ticket.message}</dd>
            </dl>
          </section>
          <p className={styles.muted}>
            Our replies come by email. Quote {ticket.reference} if you write again.
          </p>
        </>
      )}
    </div>
  );
}
