import { memberPlaces } from '@ukd/contracts';
import type { Conversation } from '@ukd/contracts/api';
import {
  Avatar,
  Badge,
  Button,
  EmptyState,
  relativeTime,
  SiteLink,
  Spinner,
  Tabs,
  tabPanelProps,
  useNarrowScreen,
  useNow,
} from '@ukd/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isUnread } from '../../lib/conversation-list';
import { type ConversationFilters, type ListTab, listFilters, listTabOf } from '../../messaging-api';
import styles from './conversations.module.css';
import { useConversationList } from './use-conversation-list';

const TABS: readonly { id: ListTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'read', label: 'Read' },
  { id: 'starred', label: 'Starred' },
];

/** What the row says about the last message: "You: See you at 8", "Photo", "Wink". */
function preview(conversation: Conversation): string {
  const last = conversation.last_message;
  if (!last) return 'No messages yet';
  const mine = last.from_id === conversation.viewer_id;
  const what =
    last.type === 'image'
      ? 'Photo'
      : last.type === 'wink'
        ? mine
          ? '😉 You winked'
          : '😉 Winked at you'
        : (last.body ?? '');
  return mine && last.type !== 'wink' ? `You: ${what}` : what;
}

function ConversationRow({
  conversation,
  now,
  narrow,
  onStar,
}: {
  conversation: Conversation;
  now: number;
  narrow: boolean;
  onStar(conversation: Conversation, on: boolean): void;
}) {
  const { chatmate } = conversation;
  const unread = isUnread(conversation);
  const when = conversation.last_message?.created_at ?? conversation.updated_at;
  return (
    <li className={`${styles.row}${unread ? ` ${styles.unread}` : ''}`}>
      <SiteLink
        to={`/messages/${conversation.uuid}`}
        className={styles.link}
        aria-label={`${chatmate.username}${unread ? ', unread' : ''}: ${preview(conversation)}`}
      >
        <Avatar
          src={chatmate.approved_primary?.thumbnail_url ?? chatmate.primary_photo.thumbnail_url}
          gender={chatmate.gender}
          alt=""
          size={52}
        />
        <span className={styles.body}>
          <span className={styles.top}>
            <span className={styles.name}>{chatmate.username}</span>
            {chatmate.demo ? <span className={styles.demo}>Demo</span> : null}
            <time className={styles.time} dateTime={when}>
              {relativeTime(when, now, { narrow })}
            </time>
          </span>
          <span className={styles.bottom}>
            <span className={styles.preview}>{preview(conversation)}</span>
            {unread ? (
              conversation.unread_count > 0 ? (
                <Badge count={conversation.unread_count} label="unread messages" />
              ) : (
                <span className={styles.dot} aria-hidden="true" />
              )
            ) : null}
          </span>
        </span>
      </SiteLink>
      <button
        type="button"
        className={styles.star}
        aria-pressed={conversation.star}
        aria-label={conversation.star ? `Unstar ${chatmate.username}` : `Star ${chatmate.username}`}
        onClick={() => onStar(conversation, !conversation.star)}
      >
        <span aria-hidden="true">{conversation.star ? '★' : '☆'}</span>
      </button>
    </li>
  );
}

/** `/messages`: my conversations, starred first then latest first, searchable and filterable. */
export default function ConversationsPage() {
  const [params, setParams] = useSearchParams();
  const tab = listTabOf(params.get('filter'));
  const username = params.get('username') ?? '';
  const [search, setSearch] = useState(username);
  const now = useNow();
  const narrow = useNarrowScreen();

  // The search box updates the URL (and the query) once typing pauses.
  useEffect(() => {
    if (search.trim() === username) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (search.trim()) next.set('username', search.trim());
          else next.delete('username');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [search, username, setParams]);

  const filters = useMemo<ConversationFilters>(() => listFilters(tab, username), [username, tab]);
  const list = useConversationList(filters);

  // Next page when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore } = list;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const filtered = Boolean(username) || tab !== 'all';
  const starredCount = list.meta?.starred_conversations ?? 0;

  return (
    <div className={styles.page}>
      <h1>{memberPlaces.messages.label}</h1>
      <search className={styles.search}>
        <label htmlFor="conversation-search" className="ukd-visually-hidden">
          Search by username
        </label>
        <input
          id="conversation-search"
          type="search"
          className="ukd-field__control"
          placeholder="Search by username"
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </search>
      <Tabs
        label="Show"
        idPrefix="conversations"
        items={TABS.map((item) => ({
          id: item.id,
          label: item.id === 'starred' && starredCount > 0 ? `Starred (${starredCount})` : item.label,
        }))}
        selected={tab}
        onSelect={(id) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (id === 'all') next.delete('filter');
            else next.set('filter', id);
            return next;
          })
        }
      />
      <div {...tabPanelProps('conversations', tab)}>
        {list.conversations.length > 0 ? (
          <ul className={styles.list} aria-label="Conversations">
            {list.conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                now={now}
                narrow={narrow}
                onStar={list.setStar}
              />
            ))}
          </ul>
        ) : null}
        {list.error ? (
          <div className="ukd-notice ukd-notice--error" role="alert">
            {list.error || 'Your conversations could not be loaded.'}{' '}
            <Button variant="ghost" onClick={list.retry}>
              Try again
            </Button>
          </div>
        ) : list.loading ? (
          <Spinner label="Loading conversations" />
        ) : list.conversations.length === 0 ? (
          filtered ? (
            <EmptyState
              title="No conversations match"
              art="search"
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    setParams(new URLSearchParams());
                  }}
                >
                  Show all conversations
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No messages yet"
              art="messages"
              action={
                <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
                  Browse members
                </SiteLink>
              }
            >
              Find someone you like and say hello: your conversations will show here.
            </EmptyState>
          )
        ) : null}
        {hasMore && !list.loading && !list.error ? (
          <div ref={sentinel} className={styles.more}>
            <Button variant="secondary" onClick={loadMore}>
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
