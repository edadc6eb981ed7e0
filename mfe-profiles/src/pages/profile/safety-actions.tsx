import { toFailure } from '@ukd/api-client';
import { reportAbuseLink } from '@ukd/contracts';
import type { PublicProfile } from '@ukd/contracts/api';
import { Button, Modal, SiteLink } from '@ukd/ui';
import { useState } from 'react';
import { useSetBlockedMutation } from '../../profiles-api';
import styles from './profile.module.css';
import { ReportDialog } from './report-dialog';

/** Report and block, each behind a dialog. */
export function SafetyActions({ profile, onBlocked }: { profile: PublicProfile; onBlocked(): void }) {
  const [open, setOpen] = useState<'report' | 'block' | null>(null);
  const [setBlocked, blocking] = useSetBlockedMutation();
  const [blockError, setBlockError] = useState<string | null>(null);

  async function block() {
    setBlockError(null);
    const result = await setBlocked({ uuid: profile.uuid, on: true });
    if ('error' in result) setBlockError(toFailure(result.error).message || 'Blocking did not work.');
    else {
      setOpen(null);
      onBlocked();
    }
  }

  return (
    <section className={styles.card} aria-labelledby="safety-heading">
      <h2 id="safety-heading" className="ukd-visually-hidden">
        Safety
      </h2>
      <div className={styles.safety}>
        <Button variant="ghost" onClick={() => setOpen('report')}>
          Report {profile.username}
        </Button>
        <Button variant="ghost" onClick={() => setOpen('block')}>
          Block {profile.username}
        </Button>
      </div>
      <p className={styles.muted}>
        <SiteLink to={reportAbuseLink({ profile: profile.uuid })}>More ways to report abuse</SiteLink>
      </p>
      <ReportDialog profile={profile} open={open === 'report'} onClose={() => setOpen(null)} />
      <Modal open={open === 'block'} title={`Block ${profile.username}?`} onClose={() => setOpen(null)}>
        <p>
          You will no longer see each other in search, visitors, favourites or messages, and{' '}
          {profile.username} will not be told. You can unblock them later.
        </p>
        {blockError ? (
          <p className="ukd-notice ukd-notice--error" role="alert">
            {blockError}
          </p>
        ) : null}
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={() => setOpen(null)}>
            Cancel
          </Button>
          <Button onClick={block} disabled={blocking.isLoading}>
            Yes, block {profile.username}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
