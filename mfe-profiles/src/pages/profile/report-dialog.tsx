import { toFailure } from '@ukd/api-client';
import type { PublicProfile, ReportReason } from '@ukd/contracts/api';
import { REPORT_REASON_OPTIONS } from '@ukd/contracts/api/options';
import { Button, Modal, TextAreaField } from '@ukd/ui';
import { type FormEvent, useState } from 'react';
import { useReportProfileMutation } from '../../profiles-api';
import styles from './profile.module.css';

/** Why the member is reported (SPEC reasons), with optional details; thanks once sent. */
export function ReportDialog({
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
