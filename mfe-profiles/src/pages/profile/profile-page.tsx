import { toFailure } from '@ukd/api-client';
import type { InteractionKind, PublicProfile, ReportReason } from '@ukd/contracts/api';
import { REPORT_REASON_OPTIONS } from '@ukd/contracts/api/options';
import { selectUser } from '@ukd/store';
import { Button, EmptyState, Modal, PageLoading, SiteLink, TextAreaField } from '@ukd/ui';
import { type FormEvent, useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ProfilesNav } from '../../components/profiles-nav';
import {
  useProfileQuery,
  useReportProfileMutation,
  useSetBlockedMutation,
  useSetInteractionMutation,
  useStartConversationMutation,
} from '../../profiles-api';
import styles from './profile.module.css';
import { ProfileView } from './profile-view';

export default function ProfilePage() {
  const { uuid = '' } = useParams();
  const user = useSelector(selectUser);
  const { data: profile, error, isLoading, refetch } = useProfileQuery(uuid, { skip: !uuid });
  // Blocking makes the profile a 404 for the blocker too; remember whom we just blocked.
  const [blocked, setBlocked] = useState<{ uuid: string; username: string } | null>(null);

  if (user && uuid === user.uuid) return <Navigate to="/my-profile" replace />;
  if (blocked?.uuid === uuid) return <BlockedNotice member={blocked} onUnblocked={() => setBlocked(null)} />;
  if (isLoading) return <PageLoading />;
  const failure = error ? toFailure(error) : null;
  if (failure || !profile) {
    return (
      <div className={styles.page}>
        <ProfilesNav />
        {failure?.status === 404 || !failure ? (
          <EmptyState
            title="This profile is not available"
            action={
              <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
                Browse members
              </SiteLink>
            }
          >
            The member may have left, deactivated their account or blocked you.
          </EmptyState>
        ) : (
          <div className="ukd-notice ukd-notice--error" role="alert">
            {failure.message}{' '}
            <Button variant="ghost" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <ProfilesNav />
      <ProfileView
        profile={profile}
        actions={<Interactions profile={profile} />}
        footer={
          <SafetyActions
            profile={profile}
            onBlocked={() => setBlocked({ uuid: profile.uuid, username: profile.username })}
          />
        }
      />
    </div>
  );
}

const TOGGLES: Array<{
  kind: InteractionKind;
  field: 'liked' | 'favorited' | 'winked';
  label: string;
  icon: string;
  on: string;
  off: string;
  done: (name: string) => string;
  undone: (name: string) => string;
}> = [
  {
    kind: 'like',
    field: 'liked',
    label: 'Like',
    icon: '♥',
    on: 'Liked',
    off: 'Not yet',
    done: (n) => `You like ${n}.`,
    undone: (n) => `You no longer like ${n}.`,
  },
  {
    kind: 'favorite',
    field: 'favorited',
    label: 'Favourite',
    icon: '★',
    on: 'In favourites',
    off: 'Not yet',
    done: (n) => `${n} is in your favourites.`,
    undone: (n) => `${n} is no longer in your favourites.`,
  },
  {
    kind: 'wink',
    field: 'winked',
    label: 'Wink',
    icon: '😉',
    on: 'Winked',
    off: 'Not yet',
    done: (n) => `You winked at ${n}.`,
    undone: (n) => `Your wink at ${n} is taken back.`,
  },
];

function Interactions({ profile }: { profile: PublicProfile }) {
  const [setInteraction, { isLoading }] = useSetInteractionMutation();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [startConversation, starting] = useStartConversationMutation();
  const navigate = useNavigate();

  /** Opens the conversation with this member (the API starts one when there is none). */
  async function message() {
    const result = await startConversation(profile.uuid);
    if (result.data) navigate(`/messages/${result.data.uuid}`);
    else {
      setStatus({
        tone: 'error',
        text: toFailure(result.error).message || 'The conversation could not be opened. Please try again.',
      });
    }
  }

  async function toggle(toggle: (typeof TOGGLES)[number]) {
    const on = !profile.relation[toggle.field];
    const result = await setInteraction({ uuid: profile.uuid, kind: toggle.kind, on });
    if ('error' in result) {
      setStatus({
        tone: 'error',
        text: toFailure(result.error).message || 'That did not work. Please try again.',
      });
    } else {
      setStatus({
        tone: 'success',
        text: on ? toggle.done(profile.username) : toggle.undone(profile.username),
      });
    }
  }

  return (
    <>
      <div className={styles.actions}>
        {TOGGLES.map((t) => {
          const pressed = profile.relation[t.field];
          return (
            <button
              key={t.kind}
              type="button"
              className={styles.toggle}
              aria-pressed={pressed}
              disabled={isLoading}
              onClick={() => toggle(t)}
            >
              <span className={styles.icon} aria-hidden="true">
                {t.icon}
              </span>
              {t.label}
              <span className={styles.state} aria-hidden="true">
                {pressed ? t.on : t.off}
              </span>
            </button>
          );
        })}
      </div>
      <Button className={styles.message} disabled={starting.isLoading} onClick={message}>
        Message {profile.username}
      </Button>
      <p
        className={status ? `ukd-notice ukd-notice--${status.tone}` : 'ukd-visually-hidden'}
        role="status"
        style={{ marginTop: 'var(--ukd-space-3)', marginBottom: 0 }}
      >
        {status?.text ?? ''}
      </p>
    </>
  );
}

function SafetyActions({ profile, onBlocked }: { profile: PublicProfile; onBlocked(): void }) {
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

function ReportDialog({
  profile,
  open,
  onClose,
}: {
  profile: PublicProfile;
  open: boolean;
  onClose(): void;
}) {
  const [report, { isLoading }] = useReportProfileMutation();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);

  function close() {
    onClose();
    setSent(null);
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setErrors({ reason: 'The reason field is required' });
    if (details.length > 2000)
      return setErrors({ details: 'The details may not be greater than 2000 characters' });
    setErrors({});
    const result = await report({ uuid: profile.uuid, reason, ...(details.trim() ? { details } : {}) });
    if ('error' in result) {
      const failure = toFailure(result.error);
      setErrors({ ...failure.fieldErrors, form: failure.message || 'The report could not be sent.' });
    } else {
      setSent(result.data.message || 'Thank you. Our team will look at your report.');
      setReason('');
      setDetails('');
    }
  }

  return (
    <Modal open={open} title={`Report ${profile.username}`} onClose={close}>
      {sent ? (
        <>
          <p className="ukd-notice ukd-notice--success" role="status">
            {sent}
          </p>
          <div className={styles.modalActions}>
            <Button onClick={close}>Close</Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset className={styles.reasons} aria-describedby="report-reason-error">
            <legend>What is wrong?</legend>
            {REPORT_REASON_OPTIONS.map((option) => (
              <label key={option.key} className={styles.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={option.key}
                  checked={reason === option.key}
                  onChange={() => setReason(option.key)}
                />
                {option.label}
              </label>
            ))}
            <p
              className="ukd-field__error"
              id="report-reason-error"
              role={errors.reason ? 'alert' : undefined}
            >
              {errors.reason ?? ''}
            </p>
          </fieldset>
          <TextAreaField
            id="report-details"
            label="Anything else we should know? (optional)"
            value={details}
            maxLength={2000}
            rows={3}
            error={errors.details}
            onChange={(e) => setDetails(e.target.value)}
          />
          {errors.form ? (
            <p className="ukd-notice ukd-notice--error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              Send report
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function BlockedNotice({
  member,
  onUnblocked,
}: {
  member: { uuid: string; username: string };
  onUnblocked(): void;
}) {
  const [setBlocked, { isLoading, error }] = useSetBlockedMutation();
  return (
    <div className={styles.page}>
      <ProfilesNav />
      <EmptyState
        title={`You blocked ${member.username}`}
        action={
          <div className={styles.safety}>
            <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
              Browse members
            </SiteLink>
            <Button
              variant="secondary"
              disabled={isLoading}
              onClick={async () => {
                const result = await setBlocked({ uuid: member.uuid, on: false });
                if (!('error' in result)) onUnblocked();
              }}
            >
              Unblock {member.username}
            </Button>
          </div>
        }
      >
        You will not see each other in search, visitors, favourites or messages.
        {error ? (
          <span className="ukd-notice ukd-notice--error" role="alert" style={{ display: 'block' }}>
            {toFailure(error).message}
          </span>
        ) : null}
      </EmptyState>
    </div>
  );
}
