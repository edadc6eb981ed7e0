import { toFailure } from '@ukd/api-client';
import { chatPreferences, hasConfirmedWinks, type ShellContext } from '@ukd/contracts';
import type { Conversation } from '@ukd/contracts/api';
import { DEFAULT_MESSAGE_PRICES } from '@ukd/contracts/api/constants';
import { selectUser } from '@ukd/store';
import { Avatar, Button, EmptyState, Modal, PageLoading, SiteLink, useShell } from '@ukd/ui';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import { messagingCalls, useConversation, useMessagePrices } from '../../messaging-api';
import { Composer } from './composer';
import styles from './conversation.module.css';
import { MessageListView } from './message-list-view';
import { useChat } from './use-chat';
import { useTyping } from './use-typing';

function DeleteConversation({ shell, conversation }: { shell: ShellContext; conversation: Conversation }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const name = conversation.chatmate.username;

  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await messagingCalls(shell).remove(conversation.uuid);
      shell.bus.emit('shell:toast', { type: 'success', message: 'Conversation deleted', durationMs: 2000 });
      // SPEC §4: removal clears the active conversation.
      navigate('/messages', { replace: true });
    } catch (error) {
      setFailure(toFailure(error).message || 'The conversation could not be deleted.');
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={styles.headerAction}
        aria-label="Delete conversation"
        title="Delete conversation"
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
        </svg>
      </button>
      <Modal open={open} title="Delete this conversation?" onClose={() => setOpen(false)}>
        <p>
          Its messages disappear for you only: {name} still has them. If {name} writes again, the conversation
          comes back.
        </p>
        {failure ? (
          <p className="ukd-notice ukd-notice--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={() => void remove()} disabled={busy}>
            Delete
          </Button>
        </div>
      </Modal>
    </>
  );
}

function ChatHeader({ shell, conversation }: { shell: ShellContext; conversation: Conversation }) {
  const { chatmate } = conversation;
  return (
    <header className={styles.header}>
      <SiteLink to="/messages" className={styles.back} aria-label="Back to messages">
        <span aria-hidden="true">‹</span>
      </SiteLink>
      <SiteLink to={`/profile/${chatmate.uuid}`} className={styles.chatmate}>
        <Avatar
          src={chatmate.approved_primary?.thumbnail_url ?? chatmate.primary_photo.thumbnail_url}
          gender={chatmate.gender}
          alt=""
          size={40}
        />
        <span>
          <h1 className={styles.name}>{chatmate.username}</h1>
          <span className={styles.presence}>
            {chatmate.demo ? 'Demo member · ' : ''}
            {chatmate.online ? 'Online now' : `${chatmate.age}, ${chatmate.city}`}
          </span>
        </span>
      </SiteLink>
      <DeleteConversation shell={shell} conversation={conversation} />
    </header>
  );
}

/** Remembered with the member, so the question is asked once, not once per device. */
async function rememberWinkConfirmed(shell: ShellContext) {
  try {
    await shell.api('/my-profile', {
      method: 'PUT',
      body: { preferences: { [chatPreferences.winkConfirmed]: true } },
      background: true,
    });
    await shell.session.reloadUser({ background: true });
  } catch (error) {
    // The wink itself goes on; at worst the member is asked once more.
    console.warn('could not remember the wink confirmation', error);
  }
}

function Chat({ shell, conversation }: { shell: ShellContext; conversation: Conversation }) {
  const chat = useChat(shell, conversation);
  const user = useSelector(selectUser);
  const { data: pricing } = useMessagePrices();
  const free = pricing?.has_unli_message ?? user?.has_unli_message ?? false;
  const name = conversation.chatmate.username;
  const typing = useTyping(shell, conversation.uuid, user?.uuid);
  const lastFromChatmate = chat.messages.findLast((message) => message.from_id !== chat.viewerId)?.id;
  // Someone the member never wrote to (they did not start it, and none of their messages is here):
  // that person's photos arrive blurred until the member chooses to see them.
  const stranger =
    conversation.initiator_id !== chat.viewerId &&
    !chat.messages.some((message) => message.from_id === chat.viewerId);
  const { chatmateSent } = typing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when their newest message changes
  useEffect(() => chatmateSent(), [lastFromChatmate, chatmateSent]);
  return (
    <div className={styles.page}>
      <ChatHeader shell={shell} conversation={conversation} />
      {!chat.loaded ? (
        chat.loadError ? (
          <div className="ukd-notice ukd-notice--error" role="alert">
            {chat.loadError}{' '}
            <Button variant="ghost" onClick={() => void chat.catchUp()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className={styles.scroller}>
            <PageLoading />
          </div>
        )
      ) : chat.messages.length === 0 ? (
        <div className={styles.scroller}>
          <EmptyState title={`Say hello to ${name}`} art="messages">
            A wink or a few friendly words is a good start.
          </EmptyState>
        </div>
      ) : (
        <MessageListView
          messages={chat.messages}
          viewerId={chat.viewerId}
          chatmateName={name}
          hasOlder={chat.hasOlder}
          loadingOlder={chat.loadingOlder}
          onLoadOlder={chat.loadOlder}
          onRetry={(id) => void chat.retry(id)}
          veilPhotos={stranger}
        />
      )}
      <p className={styles.typing} aria-live="polite">
        {typing.chatmateTyping ? `${name} is typing…` : ''}
      </p>
      <Composer
        chatmateName={name}
        prices={pricing?.prices ?? DEFAULT_MESSAGE_PRICES}
        free={free}
        send={chat.send}
        onTyping={typing.notifyTyping}
        winkNeedsConfirmation={!hasConfirmedWinks(user?.preferences)}
        onWinkConfirmed={() => void rememberWinkConfirmed(shell)}
      />
    </div>
  );
}

/** `/messages/:id`: one conversation, full height, without the member header bar. */
export default function ConversationPage() {
  const { id = '' } = useParams();
  const shell = useShell();
  const { data: conversation, error: failure, isLoading, refetch } = useConversation(id);

  if (isLoading && !conversation) return <PageLoading />;
  if (failure?.status === 404 || (!conversation && !failure)) {
    return (
      <div className={styles.notFound}>
        <EmptyState
          title="This conversation could not be found"
          action={
            <SiteLink to="/messages" className="ukd-button ukd-button--primary">
              Back to messages
            </SiteLink>
          }
        >
          It may have been deleted, or it is not one of yours.
        </EmptyState>
      </div>
    );
  }
  if (!conversation || !shell) {
    return (
      <div className={styles.notFound}>
        <div className="ukd-notice ukd-notice--error" role="alert">
          {failure?.message || 'This conversation could not be loaded.'}{' '}
          <Button variant="ghost" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  // Keyed by conversation: moving to another one starts its state afresh.
  return <Chat key={conversation.uuid} shell={shell} conversation={conversation} />;
}
