import { ACCOUNT_MESSAGES } from '@ukd/contracts/api/options';
import { ActionOutcome, type ActionState, Button, TextField, useShell } from '@ukd/ui';
import { confirmed, email, Form, min, required, useForm, withMessage } from '@ukd/validation';
import { type FormEvent, useState } from 'react';
import styles from './account.module.css';

/** Runs an account call, keeping the 422 field messages for the form (SPEC §5). */
function useAccountCall() {
  const [state, setState] = useState<ActionState>({ status: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  async function run(call: () => Promise<{ message?: string }>) {
    setState({ status: 'busy' });
    setFieldErrors({});
    try {
      const result = await call();
      setState({ status: 'done', message: result?.message ?? '' });
      return true;
    } catch (error) {
      const fields = (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      setFieldErrors(fields);
      setState({
        status: 'failed',
        // Per-field messages show on their fields; the notice only for anything else.
        message: Object.keys(fields).length
          ? ''
          : error instanceof Error
            ? error.message
            : 'Something went wrong.',
      });
      return false;
    }
  }
  return { state, fieldErrors, run };
}

export function ChangeEmail({ current }: { current: string }) {
  const shell = useShell();
  const { state, fieldErrors, run } = useAccountCall();
  const form = useForm(
    { email: '', password: '' },
    {
      email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] },
      password: { rules: [required] },
    },
    fieldErrors,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!shell || !form.validateAll()) return;
    const ok = await run(() =>
      shell.api<{ message: string }>('/account/email', {
        method: 'PUT',
        body: { email: form.values.email.trim(), password: form.values.password },
      }),
    );
    if (ok) form.setValue('password', '');
  }

  return (
    <section className={styles.section} aria-labelledby="email-heading">
      <h2 id="email-heading">Change your email</h2>
      <p className={styles.muted}>
        Now {current}. We send a link to the new address; the change happens when you follow it.
      </p>
      <ActionOutcome
        state={
          state.status === 'done'
            ? { ...state, message: state.message || ACCOUNT_MESSAGES.emailChangeSent }
            : state
        }
      />
      <Form form={form} onSubmit={submit}>
        <TextField
          {...form.field('email')}
          label="New email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
        />
        <TextField
          {...form.field('password')}
          id="field-email-password"
          aria-describedby="field-email-password-error"
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
        />
        <Button type="submit" variant="secondary" disabled={state.status === 'busy'}>
          Send confirmation link
        </Button>
      </Form>
    </section>
  );
}

export function ChangePassword() {
  const shell = useShell();
  const { state, fieldErrors, run } = useAccountCall();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const form = useForm(
    empty,
    {
      current_password: { rules: [required], label: 'current password' },
      password: { rules: [required, min(8), confirmed('password_confirmation')] },
    },
    fieldErrors,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!shell || !form.validateAll()) return;
    const ok = await run(() =>
      shell.api<{ message: string }>('/account/password', { method: 'PUT', body: form.values }),
    );
    if (ok) for (const key of Object.keys(empty) as Array<keyof typeof empty>) form.setValue(key, '');
  }

  return (
    <section className={styles.section} aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <ActionOutcome
        state={
          state.status === 'done'
            ? { ...state, message: state.message || ACCOUNT_MESSAGES.passwordChanged }
            : state
        }
      />
      <Form form={form} onSubmit={submit}>
        <TextField
          {...form.field('current_password')}
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={form.errors.current_password}
        />
        <TextField
          {...form.field('password')}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={form.errors.password}
        />
        <TextField
          {...form.field('password_confirmation')}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={form.errors.password_confirmation}
        />
        <Button type="submit" variant="secondary" disabled={state.status === 'busy'}>
          Change password
        </Button>
      </Form>
    </section>
  );
}

/** UK GDPR access and portability: everything held about the member, as a JSON file. */
export function DownloadMyData() {
  const shell = useShell();
  const [state, setState] = useState<ActionState>({ status: 'idle' });

  async function download() {
    if (!shell) return;
    setState({ status: 'busy' });
    try {
      const data = await shell.api<unknown>('/account/export');
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `flirtlane-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ status: 'done', message: 'Your data has been downloaded.' });
    } catch (error) {
      setState({
        status: 'failed',
        message: error instanceof Error ? error.message : 'The download failed.',
      });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="data-heading">
      <h2 id="data-heading">Download my data</h2>
      <p>
        A copy of everything we hold about you: your account, profile, photos, visits, likes, favourites,
        winks, blocks, reports, notifications and messages, as a JSON file.
      </p>
      <ActionOutcome state={state} />
      <Button variant="secondary" onClick={download} disabled={state.status === 'busy'}>
        {state.status === 'busy' ? 'Preparing…' : 'Download my data'}
      </Button>
    </section>
  );
}
