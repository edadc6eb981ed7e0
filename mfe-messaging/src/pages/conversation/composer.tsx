import type { MessagePrices } from '@ukd/contracts/api';
import { BUY_CREDITS_PATH } from '@ukd/contracts/api/constants';
import { Button, Modal, SiteLink } from '@ukd/ui';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import type { Outgoing, Refusal } from '../../lib/chat-session';
import { imageProblem } from '../../lib/send-image';
import styles from './conversation.module.css';

/** The API's limit on a text (`MESSAGE_LIMITS.bodyMax`). */
const BODY_MAX = 2000;

interface ComposerProps {
  chatmateName: string;
  prices: MessagePrices;
  free: boolean;
  send(message: Outgoing, price: number): Promise<Refusal | null>;
  /** Called as the member types, for the typing indicator (the caller throttles it). */
  onTyping?(): void;
  /** A paid wink asks first until the member has confirmed one (then remembered with them). */
  winkNeedsConfirmation?: boolean;
  onWinkConfirmed?(): void;
}

function priceLabel(price: number, free: boolean): string {
  if (free || price === 0) return 'free with your 24h pass';
  return `${price} ${price === 1 ? 'credit' : 'credits'}`;
}

/** Text, a photo or a wink. Enter sends; Shift+Enter starts a new line. */
export function Composer({
  chatmateName,
  prices,
  free,
  send,
  onTyping,
  winkNeedsConfirmation = false,
  onWinkConfirmed,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [confirmingWink, setConfirmingWink] = useState(false);
  const winkPrice = free ? 0 : prices.wink;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function deliver(message: Outgoing, restore?: string) {
    setRefusal(null);
    const refused = await send(message, free ? 0 : prices[message.type]);
    if (refused) {
      setRefusal(refused);
      // Nothing was sent: give the member their words back.
      if (restore !== undefined) setText((current) => current || restore);
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText('');
    void deliver({ type: 'text', body }, body);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function wink() {
    if (winkNeedsConfirmation && winkPrice > 0) setConfirmingWink(true);
    else void deliver({ type: 'wink' });
  }

  function confirmWink() {
    setConfirmingWink(false);
    onWinkConfirmed?.();
    void deliver({ type: 'wink' });
  }

  function onFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setRefusal({ kind: 'refused', message: problem });
      return;
    }
    void deliver({ type: 'image', file });
  }

  return (
    <form className={styles.composer} onSubmit={submit} aria-label={`Write to ${chatmateName}`}>
      {refusal ? (
        <div className={`ukd-notice ukd-notice--error ${styles.refusal}`} role="alert">
          {refusal.kind === 'credits' ? (
            <>
              You do not have enough credits to send this message.{' '}
              <SiteLink to={BUY_CREDITS_PATH} className="ukd-button ukd-button--primary">
                Buy credits
              </SiteLink>
            </>
          ) : (
            refusal.message
          )}
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss"
            onClick={() => setRefusal(null)}
          >
            ×
          </button>
        </div>
      ) : null}
      <div className={styles.composerRow}>
        <button
          type="button"
          className={styles.tool}
          onClick={wink}
          title={`Send a wink (${priceLabel(prices.wink, free)})`}
          aria-label={`Send a wink (${priceLabel(prices.wink, free)})`}
        >
          <span aria-hidden="true">😉</span>
        </button>
        <button
          type="button"
          className={styles.tool}
          onClick={() => fileInput.current?.click()}
          title={`Send a photo (${priceLabel(prices.image, free)})`}
          aria-label={`Send a photo (${priceLabel(prices.image, free)})`}
        >
          <svg
            aria-hidden="true"
            width="22"
            height="22"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
            <circle cx="12" cy="13.5" r="3.5" />
          </svg>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
          className="ukd-visually-hidden"
          tabIndex={-1}
          aria-label="Photo to send"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <label className={styles.field}>
          <span className="ukd-visually-hidden">Message</span>
          <textarea
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) onTyping?.();
            }}
            onKeyDown={onKeyDown}
            rows={1}
            maxLength={BODY_MAX}
            placeholder={`Message ${chatmateName}`}
            enterKeyHint="send"
          />
        </label>
        <Button type="submit" disabled={!text.trim()} aria-label={`Send (${priceLabel(prices.text, free)})`}>
          Send
        </Button>
      </div>
      <Modal
        open={confirmingWink}
        title={`Send ${chatmateName} a wink?`}
        onClose={() => setConfirmingWink(false)}
      >
        <p>
          A wink costs {priceLabel(winkPrice, free)}, like a message. We only ask this once: after this, winks
          send at one tap.
        </p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirmingWink(false)}>
            Cancel
          </Button>
          <Button onClick={confirmWink}>Send wink</Button>
        </div>
      </Modal>
    </form>
  );
}
