import { SUPPORT_LIMITS, SUPPORT_MESSAGES, SUPPORT_TOPIC_OPTIONS, type Ticket } from '@ukd/contracts/api';
import { selectSettings, selectUser } from '@ukd/store';
import {
  ActionOutcome,
  Button,
  Captcha,
  type CaptchaHandle,
  captchaConfig,
  SelectField,
  TextAreaField,
  TextField,
  useShell,
} from '@ukd/ui';
import { email, Form, included, max, min, type Rule, required, useForm, withMessage } from '@ukd/validation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useFormCall } from '../../lib/use-form-call';
import { TicketSent } from './ticket-sent';

const topics = SUPPORT_TOPIC_OPTIONS.map((t) => ({ value: t.key, label: t.label }));
const topicKeys = SUPPORT_TOPIC_OPTIONS.map((t) => t.key);

// The photo pipeline's formats, by type here and by content on the server.
const imageFile: Rule = (value) =>
  value instanceof File && !/^image\/(jpeg|png|webp|heic|heif|avif)$/.test(value.type)
    ? 'The attachment must be an image (JPEG, PNG, WebP or HEIC).'
    : null;
const smallFile: Rule = (value) =>
  value instanceof File && value.size > SUPPORT_LIMITS.attachmentMaxBytes
    ? SUPPORT_MESSAGES.attachmentTooLarge
    : null;

interface TicketFormProps {
  /** The help request form or the contact page's form: one ticket system. */
  source: 'request' | 'contact';
  /** Preselected topic, e.g. from a help article (`?topic=payments`). */
  topic?: string | null;
  /** The contact form asks for a name and takes no attachment. */
  variant: 'request' | 'contact';
}

/** A help request or contact message: stored as a ticket, answered with its reference. */
export function TicketForm({ source, topic, variant }: TicketFormProps) {
  const shell = useShell();
  const user = useSelector(selectUser);
  const settings = useSelector(selectSettings);
  const captcha = useRef<CaptchaHandle>(null);
  const { state, fieldErrors, send } = useFormCall();
  const [sent, setSent] = useState<Ticket | null>(null);
  const form = useForm(
    {
      topic: topic && topicKeys.includes(topic as never) ? topic : '',
      email: user?.email ?? '',
      name: '',
      message: '',
      attachment: null as File | null,
    },
    {
      topic: { rules: [required, included(...topicKeys)] },
      email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] },
      name: { rules: [max(100)] },
      message: { rules: [required, min(SUPPORT_LIMITS.messageMin), max(SUPPORT_LIMITS.messageMax)] },
      attachment: { rules: [imageFile, smallFile] },
    },
    fieldErrors,
  );

  // After a full page load the session is restored after the first render: fill the member's
  // address once, when it becomes known, unless an address was typed meanwhile.
  const memberEmail = user?.email;
  const emailOffered = useRef(Boolean(memberEmail));
  const typedEmail = form.values.email;
  const { setValue } = form;
  useEffect(() => {
    if (!memberEmail || emailOffered.current) return;
    emailOffered.current = true;
    if (!typedEmail) setValue('email', memberEmail);
  }, [memberEmail, typedEmail, setValue]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    const { values } = form;
    const token = (await captcha.current?.token()) ?? '';
    const fields: Record<string, string> = {
      topic: String(values.topic),
      email: String(values.email).trim(),
      message: String(values.message).trim(),
      source,
      captcha: token,
    };
    if (String(values.name).trim()) fields.name = String(values.name).trim();
    let body: FormData | Record<string, string> = fields;
    if (values.attachment instanceof File) {
      body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append(SUPPORT_LIMITS.attachmentField, values.attachment);
    }
    const ok = await send(async () => {
      const answer = await shell.api<{ message: string; data: Ticket }>('/support-tickets', {
        method: 'POST',
        body,
      });
      setSent(answer.data);
      return answer;
    });
    if (!ok) captcha.current?.reset();
  }

  if (sent) return <TicketSent ticket={sent} member={Boolean(user)} />;

  return (
    <Form form={form} onSubmit={submit} aria-label={variant === 'contact' ? 'Contact form' : 'Help request'}>
      <SelectField
        label="What is it about?"
        options={topics}
        placeholder="Choose a topic…"
        error={form.errors.topic}
        {...form.field('topic')}
      />
      {variant === 'contact' ? (
        <TextField
          label="Your name (optional)"
          autoComplete="name"
          error={form.errors.name}
          {...form.field('name')}
        />
      ) : null}
      <TextField
        label="Your email address"
        type="email"
        autoComplete="email"
        hint="We reply to this address."
        error={form.errors.email}
        {...form.field('email')}
      />
      <TextAreaField
        label="Your message"
        rows={6}
        maxLength={SUPPORT_LIMITS.messageMax}
        hint="Tell us what happened and when. Please don’t include passwords or card numbers."
        error={form.errors.message}
        {...form.field('message')}
      />
      {variant === 'request' ? (
        <div className={`ukd-field${form.errors.attachment ? ' ukd-field--invalid' : ''}`}>
          <label className="ukd-field__label" htmlFor="field-attachment">
            Screenshot (optional)
          </label>
          <input
            id="field-attachment"
            name="attachment"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
            className="ukd-field__control"
            aria-describedby="field-attachment-error"
            aria-invalid={Boolean(form.errors.attachment)}
            onChange={(event) => form.setValue('attachment', event.target.files?.[0] ?? null)}
          />
          {!form.errors.attachment ? <p className="ukd-field__hint">An image up to 5 MB.</p> : null}
          <p
            className="ukd-field__error"
            id="field-attachment-error"
            role={form.errors.attachment ? 'alert' : undefined}
          >
            {form.errors.attachment ?? ''}
          </p>
        </div>
      ) : null}
      <Captcha ref={captcha} config={captchaConfig(settings)} action={source} error={fieldErrors.captcha} />
      {state.status === 'failed' ? <ActionOutcome state={state} /> : null}
      <Button type="submit" disabled={state.status === 'busy'}>
        {state.status === 'busy' ? 'Sending…' : variant === 'contact' ? 'Send message' : 'Send request'}
      </Button>
    </Form>
  );
}
