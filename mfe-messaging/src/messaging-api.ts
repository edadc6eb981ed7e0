import { type ApiFailure, toFailure } from '@ukd/api-client';
import type { Conversation, MessagePricesResponse } from '@ukd/contracts/api';
import { useShell } from '@ukd/ui';
import { useEffect, useRef, useState } from 'react';
import { browserTab } from './lib/tab-signals';
import { fetchConversation } from './messaging-calls';

export * from './messaging-calls';

interface Loaded<T> {
  data: T | undefined;
  error: ApiFailure | null;
  isLoading: boolean;
  refetch(): void;
}

/**
 * One call's answer for a page, fetched on mount and when `key` changes. This remote keeps no
 * RTK Query cache: its lists and conversations are live-merged state of their own, and leaving
 * RTK Query out keeps 22 KB (RTK Query and immer) off a cold load of /messages.
 */
function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  // Nothing answered yet: no key.
  const [state, setState] = useState<{
    key: string | null;
    data?: T;
    error: ApiFailure | null;
    attempt: number;
  }>({
    key: null,
    error: null,
    attempt: 0,
  });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => setState({ key, data, error: null, attempt }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, error: toFailure(error), attempt });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const current = state.key === key && state.attempt === attempt;
  // A load that failed for want of a connection (status 0) runs again when the connection is
  // back: on a phone a conversation opened in a tunnel shows once the signal returns.
  const offline = current && state.error?.status === 0;
  useEffect(() => {
    if (!offline) return;
    return browserTab.onOnline(() => setAttempt((n) => n + 1));
  }, [offline]);
  return {
    data: state.key === key ? state.data : undefined,
    error: current ? state.error : null,
    isLoading: !current,
    refetch: () => setAttempt((n) => n + 1),
  };
}

export function useConversation(uuid: string): Loaded<Conversation> {
  const shell = useShell();
  return useLoaded(`conversation:${uuid}`, async (signal) => {
    if (!shell) throw new Error('No shell');
    return fetchConversation(shell.api, uuid, signal);
  });
}

/** `GET /message-prices`: what each type costs me now (0 with the 24-hour pass). */
export function useMessagePrices(): Loaded<MessagePricesResponse['data']> {
  const shell = useShell();
  return useLoaded('message-prices', async (signal) => {
    if (!shell) throw new Error('No shell');
    return (await shell.api<MessagePricesResponse>('/message-prices', { signal })).data;
  });
}
