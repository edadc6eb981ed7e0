import { reportAbuseLink } from '@ukd/contracts';
import { exactTime, relativeTime, SiteLink } from '@ukd/ui';
import { memo } from 'react';
import { type ChatMessage, derive } from '../../lib/message-list';
import styles from './conversation.module.css';

interface MessageRowProps {
  message: ChatMessage;
  viewerId: number;
  chatmateName: string;
  now: number;
  narrow: boolean;
  /** Their photo is blurred until the member chooses to see it (cyberflashing rules). */
  veiled: boolean;
  onReveal(key: string): void;
  onRetry(clientMsgId: string): void;
}

function Content({
  message,
  fromMe,
  chatmateName,
  veiled,
  onReveal,
}: {
  message: ChatMessage;
  fromMe: boolean;
  chatmateName: string;
  veiled: boolean;
  onReveal(key: string): void;
}) {
  switch (message.type) {
    case 'wink':
      return (
        <p className={styles.wink}>
          <span aria-hidden="true">😉</span> {fromMe ? 'You sent a wink' : `${chatmateName} winked at you`}
        </p>
      );
    case 'image': {
      const src = message.image?.thumbnail_url ?? message.localImageUrl;
      const image = src ? (
        <img
          className={styles.image}
          src={src}
          alt={fromMe ? 'Photo you sent' : `Photo from ${chatmateName}`}
          width={message.image?.width}
          height={message.image?.height}
          loading="lazy"
          decoding="async"
        />
      ) : null;
      if (veiled && image) {
        return (
          <div className={styles.veiled}>
            <div className={styles.veil} aria-hidden="true">
              {image}
            </div>
            <button type="button" className={styles.reveal} onClick={() => onReveal(message.key)}>
              <span>Photo from {chatmateName}</span>
              <strong>Show</strong>
            </button>
          </div>
        );
      }
      return message.image ? (
        <a href={message.image.url} target="_blank" rel="noreferrer">
          {image}
        </a>
      ) : (
        image
      );
    }
    default:
      // Plain text, rendered as text: React escapes it; never HTML.
      return <p className={styles.text}>{message.body}</p>;
  }
}

/** One message, mine on the right, theirs on the left, with its time and state. */
export const MessageRow = memo(function MessageRow({
  message,
  viewerId,
  chatmateName,
  now,
  narrow,
  veiled,
  onReveal,
  onRetry,
}: MessageRowProps) {
  const { read, fromMe, forMe } = derive(message, viewerId);
  const classes = [styles.message, fromMe ? styles.fromMe : styles.forMe];
  if (message.type !== 'text' && message.type !== 'trigger') classes.push(styles.media);
  if (message.status === 'failed') classes.push(styles.failed);
  return (
    <div
      className={classes.join(' ')}
      data-from-me={fromMe || undefined}
      data-for-me={forMe || undefined}
      data-message-id={message.id ?? undefined}
    >
      <div className={styles.bubble}>
        <Content
          message={message}
          fromMe={fromMe}
          chatmateName={chatmateName}
          veiled={veiled && forMe}
          onReveal={onReveal}
        />
      </div>
      <div className={styles.meta}>
        <time dateTime={message.created_at} title={exactTime(message.created_at)}>
          {relativeTime(message.created_at, now, { narrow })}
        </time>
        {fromMe ? (
          message.status === 'sending' ? (
            <span>Sending…</span>
          ) : message.status === 'failed' ? (
            <>
              <span role="alert">{message.error ?? 'Not sent.'}</span>
              <button type="button" className={styles.retry} onClick={() => onRetry(message.client_msg_id)}>
                Retry
              </button>
            </>
          ) : (
            <span>{read ? 'Seen' : 'Sent'}</span>
          )
        ) : forMe && message.uuid ? (
          <SiteLink
            to={reportAbuseLink({ message: message.uuid })}
            className={styles.report}
            aria-label={message.type === 'image' ? 'Report this photo' : 'Report this message'}
          >
            Report
          </SiteLink>
        ) : null}
      </div>
    </div>
  );
});
