import { selectFormErrors } from '@ukd/store';
import { Button, SiteLink, TextField } from '@ukd/ui';
import { email, Form, required, useForm, withMessage } from '@ukd/validation';
import type { FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useShellServices } from '../../session/shell-services';
import { AuthCard } from './auth-card';
import { useApiAction } from './use-api-action';

export default function ForgotPasswordPage() {
  const { api } = useShellServices();
  const { state, run } = useApiAction();
  const form = useForm(
    { email: '' },
    { email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] } },
    useSelector(selectFormErrors),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    void run(() =>
      api('/forgot-password', {
        method: 'POST',
        body: { email: String(form.values.email).trim() },
        auth: false,
      }),
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your email and we'll send you a link to choose a new one."
    >
      {state.status === 'done' ? (
        <p className="ukd-notice ukd-notice--success" role="status">
          {state.message}
        </p>
      ) : (
        <Form form={form} onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.errors.email}
            {...form.field('email')}
          />
          <Button type="submit" disabled={state.status === 'busy'} className="shell-auth-card__submit">
            Send reset link
          </Button>
        </Form>
      )}
      <p className="shell-auth-card__links">
        <SiteLink to="/login">Back to log in</SiteLink>
      </p>
    </AuthCard>
  );
}
