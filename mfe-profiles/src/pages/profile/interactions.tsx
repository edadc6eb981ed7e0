import { toFailure } from '@ukd/api-client';
import type { InteractionKind, PublicProfile } from '@ukd/contracts/api';
import { Button } from '@ukd/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSetInteractionMutation, useStartConversationMutation } from '../../profiles-api';
import styles from './profile.module.css';

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

/** Like, favourite and wink toggles, and the way into a conversation with the member. */
export function Interactions({ profile }: { profile: PublicProfile }) {
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
