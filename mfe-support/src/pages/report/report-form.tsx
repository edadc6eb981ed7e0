import { REPORT_REASON_OPTIONS } from '@ukd/contracts/api';
import { ActionOutcome, Button, SelectField, SiteLink, TextAreaField, TextField, useShell } from '@ukd/ui';
import { Form, included, max, type Rule, required, useForm } from '@ukd/validation';
import { type FormEvent, useState } from 'react';
import { useFormCall } from '../../lib/use-form-call';
import styles from '../support.module.css';
import { type PrefilledTarget, profileUuidFrom } from './report-target';

const reasons = REPORT_REASON_OPTIONS.map((r) => ({ value: r.key, label: r.label }));
const reasonKeys = REPORT_REASON_OPTIONS.map((r) => r.key);
const profileLink: Rule = (value) =>
  value && !profileUuidFrom(String(value))
    ? 'Paste the address of the profile, e.g. from your browser’s address bar.'
    : null;

const describe = (target: PrefilledTarget) =>
  target.target === 'message'
    ? 'the message you chose in your conversation'
    : target.target === 'photo'
      ? 'the photo you chose on a member’s profile'
      : 'the profile you came from';

/** A member's report: of what they came from (prefilled), or of a profile whose address they paste. */
export function ReportForm({ prefilled }: { prefilled: PrefilledTarget | null }) {
  const shell = useShell();
  const { state, fieldErrors, failedStatus, send } = useFormCall();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm(
    { profile: '', reason: '', details: '' },
    {
      profile: { rules: prefilled ? [] : [required, profileLink], label: 'profile' },
      reason: { rules: [required, included(...reasonKeys)] },
      details: { rules: [max(2000)] },
    },
    { ...fieldErrors, ...(fieldErrors.profile_uuid ? { profile: fieldErrors.profile_uuid } : {}) },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    const target = prefilled ?? {
      target: 'profile' as const,
      profileUuid: profileUuidFrom(String(form.values.profile)) ?? '',
    };
    const details = String(form.values.details).trim();
    const body = {
      target: target.target,
      ...(target.profileUuid ? { profile_uuid: target.profileUuid } : {}),
      ...(target.photoId ? { photo_id: target.photoId } : {}),
      ...(target.messageUuid ? { message_uuid: target.messageUuid } : {}),
      reason: String(form.values.reason),
      ...(details ? { details } : {}),
    };
    await send(async () => {
      const answer = await shell.api<{ message: string }>('/reports', { method: 'POST', body });
      setDone(answer.message);
      return answer;
    });
  }

  if (done) {
    return (
      <div role="status">
        <h2>Report sent</h2>
        <p>{done}</p>
        <p>
          We don’t tell the member who reported them. To stop them contacting you now, block them from their
          profile.
        </p>
        <p>
          <SiteLink to="/helpdesk/report-and-block">How reporting and blocking work</SiteLink>
        </p>
      </div>
    );
  }

  const notFound = state.status === 'failed' && failedStatus === 404;
  return (
    <Form form={form} onSubmit={submit} aria-label="Report abuse">
      {prefilled ? (
        <p>
          You are reporting <strong>{describe(prefilled)}</strong>.
        </p>
      ) : (
        <TextField
          label="Profile to report"
          hint="Paste the profile’s address. To report a message, open the conversation and choose Report under it."
          error={form.errors.profile}
          {...form.field('profile')}
        />
      )}
      <SelectField
        label="What happened?"
        options={reasons}
        placeholder="Choose a reason…"
        error={form.errors.reason}
        {...form.field('reason')}
      />
      <TextAreaField
        label="Details (optional)"
        rows={5}
        maxLength={2000}
        hint="What happened and when; anything that helps our moderators."
        error={form.errors.details}
        {...form.field('details')}
      />
      {notFound ? (
        <p className="ukd-notice ukd-notice--error" role="alert">
          We could not find that {prefilled?.target ?? 'profile'}. It may have been removed already.
        </p>
      ) : state.status === 'failed' ? (
        <ActionOutcome state={state} />
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={state.status === 'busy'}>
          {state.status === 'busy' ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </Form>
  );
}
