import { useVirtualizer } from '@tanstack/react-virtual';
import { Spinner, useNarrowScreen, useNow } from '@ukd/ui';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../lib/message-list';
import styles from './conversation.module.css';
import { MessageRow } from './message-row';

interface MessageListViewProps {
  messages: ChatMessage[];
  viewerId: number;
  chatmateName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry(clientMsgId: string): void;
  /** The member has never written to the chatmate: their photos arrive blurred. */
  veilPhotos: boolean;
}

/** How close to the bottom (px) still counts as "reading the latest", so new messages scroll in. */
const STICK_DISTANCE = 120;

/**
 * The conversation's messages, virtualised: only the rows near the viewport are in the DOM, so
 * a history of thousands scrolls as smoothly as one of ten. Rows are measured as they render
 * (texts and photos differ in height). New messages keep the view at the bottom when the member
 * was there (or sent them); older ones loaded above keep the member's place.
 */
export function MessageListView({
  messages,
  viewerId,
  chatmateName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  veilPhotos,
}: MessageListViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const now = useNow();
  const narrow = useNarrowScreen();
  const atBottom = useRef(true);
  // A message arrived while the member was reading further up: offer a way down.
  const [newBelow, setNewBelow] = useState(false);
  // Kept here, not in the rows: a virtualised row forgets its state when it scrolls away.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const reveal = useCallback((key: string) => setRevealed((keys) => new Set(keys).add(key)), []);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    overscan: 8,
    getItemKey: (index) => messages[index]?.key ?? index,
    // Before the first measurement (and in tests): a phone's viewport.
    initialRect: { width: 360, height: 640 },
  });

  // Keep the bottom in view when messages arrive, if the member was reading there or sent one.
  const lastKey = messages.at(-1)?.key;
  const lastMine = messages.at(-1)?.from_id === viewerId;
  useLayoutEffect(() => {
    if (lastKey === undefined) return;
    if (atBottom.current || lastMine) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    else setNewBelow(true);
  }, [lastKey, lastMine, messages.length, virtualizer]);

  // Older messages loaded above: keep the row the member was looking at in place.
  const firstKey = messages[0]?.key;
  const previousFirst = useRef<string | undefined>(firstKey);
  useLayoutEffect(() => {
    const before = previousFirst.current;
    previousFirst.current = firstKey;
    if (!before || before === firstKey) return;
    const index = messages.findIndex((m) => m.key === before);
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [firstKey, messages, virtualizer]);

  // The scroller shrinks when a phone's keyboard opens or the composer grows: a member reading
  // the newest message keeps it in view above the composer.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && messages.length)
        virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [messages.length, virtualizer]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE;
    if (atBottom.current) setNewBelow(false);
    if (element.scrollTop < 200 && hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  useEffect(() => {
    // A short history leaves no room to scroll: fetch older ones straight away if there are any.
    const element = scroller.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  // Screen readers hear each message that arrives from the chatmate.
  const last = messages.at(-1);
  const announcement =
    last && last.from_id !== viewerId
      ? last.type === 'wink'
        ? `${chatmateName} winked at you`
        : last.type === 'image'
          ? `${chatmateName} sent a photo`
          : `${chatmateName}: ${last.body ?? ''}`
      : '';

  const items = virtualizer.getVirtualItems();
  return (
    <div className={styles.frame}>
      <p className="ukd-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll}>
        <ol
          className={styles.messages}
          aria-label={`Messages with ${chatmateName}`}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const message = messages[item.index] as ChatMessage;
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.row}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow
                  message={message}
                  viewerId={viewerId}
                  chatmateName={chatmateName}
                  now={now}
                  narrow={narrow}
                  veiled={veilPhotos && !revealed.has(message.key)}
                  onReveal={reveal}
                  onRetry={onRetry}
                />
              </li>
            );
          })}
        </ol>
      </div>
      {hasOlder ? (
        <div className={styles.older}>
          {loadingOlder ? (
            <Spinner label="Loading earlier messages" />
          ) : (
            <button type="button" className={styles.retry} onClick={onLoadOlder}>
              Load earlier messages
            </button>
          )}
        </div>
      ) : null}
      {newBelow ? (
        <button
          type="button"
          className={styles.newBelow}
          onClick={() => {
            setNewBelow(false);
            virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
          }}
        >
          New messages <span aria-hidden="true">↓</span>
        </button>
      ) : null}
    </div>
  );
}
