import { toFailure } from '@ukd/api-client';
import type { AffiliateApplicationRequest, AffiliateApplicationResponse } from '@ukd/contracts/api';
import { AFFILIATE_PROMOTION_CHANNELS } from '@ukd/contracts/api/acquisition-rules';
import { selectSettings } from '@ukd/store';
import {
  Button,
  Captcha,
  type CaptchaHandle,
  CheckboxField,
  captchaConfig,
  SelectField,
  TextAreaField,
  TextField,
  useShell,
} from '@ukd/ui';
import { email, Form, included, max, min, required, url, useForm, withMessage } from '@ukd/validation';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import styles from './affiliate-form.module.css';

const channelLabels: Record<(typeof AFFILIATE_PROMOTION_CHANNELS)[number], string> = {
  website: 'My website or blog',
  social: 'Social media',
  email: 'Email newsletter (opted-in subscribers)',
  'paid-search': 'Paid search or display adverts',
  other: 'Something else',
};
const channels = AFFILIATE_PROMOTION_CHANNELS.map((value) => ({ value, label: channelLabels[value] }));

/** The affiliate programme's sign-up form: stored by the API, answered with a reference. */
export function AffiliateForm() {
  const shell = useShell();
  const settings = useSelector(selectSettings);
  const captcha = useRef<CaptchaHandle>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ reference: string; message: string; email: string } | null>(null);
  const headingId = useId();
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm(
    { name: '', email: '', website: '', channel: '', message: '', terms: false as boolean },
    {
      name: { rules: [required, min(2), max(100)] },
      email: { rules: [required, email, max(254)] },
      website: { rules: [required, url, max(2082)] },
      channel: { rules: [required, included(...AFFILIATE_PROMOTION_CHANNELS)], label: 'promotion channel' },
      message: { rules: [required, min(20), max(2000)], label: 'message' },
      terms: { rules: [withMessage(required, 'Please accept the programme rules to apply')] },
    },
    serverErrors,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    const { values } = form;
    const body: AffiliateApplicationRequest = {
      name: values.name.trim(),
      email: values.email.trim(),
      website: values.website.trim(),
      channel: values.channel as AffiliateApplicationRequest['channel'],
      message: values.message.trim(),
      terms: values.terms === true,
      captcha: '',
    };
    setBusy(true);
    setFailure('');
    setServerErrors({});
    let sent = false;
    try {
      body.captcha = (await captcha.current?.token()) ?? '';
      const { data } = await shell.api<AffiliateApplicationResponse>('/affiliate-applications', {
        method: 'POST',
        body,
        auth: false,
      });
      sent = true;
      setDone({ ...data, email: body.email });
      // The form is replaced: move focus to what replaced it so screen readers hear it.
      requestAnimationFrame(() => confirmation.current?.focus());
    } catch (error) {
      const { message, fieldErrors } = toFailure(error);
      setServerErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length || fieldErrors.email?.[0] === message) setFailure(message);
    } finally {
      // A token is good for one try: a refused application needs a fresh one.
      if (!sent) captcha.current?.reset();
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div ref={confirmation} className={styles.done} role="status" tabIndex={-1} aria-labelledby={headingId}>
        <h2 id={headingId}>Application received</h2>
        <p>{done.message}</p>
        <p>
          Your reference is <strong>{done.reference}</strong>. We have sent a confirmation to {done.email}.
        </p>
      </div>
    );
  }

  return (
    <section className={styles.form} aria-labelledby={headingId}>
      <h2 id={headingId}>Apply to the programme</h2>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      <Form form={form} onSubmit={submit}>
        <TextField label="Your name" autoComplete="name" error={form.errors.name} {...form.field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
          {...form.field('email')}
        />
        <TextField
          label="Website or main profile"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          error={form.errors.website}
          {...form.field('website')}
        />
        <SelectField
          label="How will you promote us?"
          options={channels}
          placeholder="Choose…"
          error={form.errors.channel}
          {...form.field('channel')}
        />
        <TextAreaField
          label="Tell us about your audience"
          hint="Who they are, roughly how many, and where they are. At least 20 characters."
          rows={5}
          error={form.errors.message}
          {...form.field('message')}
        />
        <CheckboxField
          id="field-affiliate-terms"
          name="terms"
          checked={form.values.terms === true}
          onCheckedChange={(checked) => form.setValue('terms', checked)}
          error={form.errors.terms}
        >
          I have read the partner rules above and will follow them.
        </CheckboxField>
        <Captcha
          ref={captcha}
          config={captchaConfig(settings)}
          action="affiliate_application"
          error={serverErrors.captcha}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send application'}
        </Button>
      </Form>
    </section>
  );
}
