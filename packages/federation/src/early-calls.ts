/** How long an early answer waits for its page: longer, and the member is elsewhere or it is stale. */
export const EARLY_CALL_TTL_MS = 15_000;

/**
 * Calls started ahead of a page's mount (a route's `data`, run by the shell's preload beside the
 * session check), each answer handed to the first call of the page that asks for it, and only
 * once: a later call asks the API afresh. A remote makes one set and its routes start calls in
 * it; the page's own call (or RTK Query endpoint) takes from it before asking the API.
 */
export function createEarlyCalls(now: () => number = Date.now) {
  const started = new Map<string, { answer: Promise<unknown>; at: number }>();
  return {
    start<T>(key: string, call: () => Promise<T>): void {
      const answer = call();
      // Nobody may take it; its failure is the page's to show if it does, not an unhandled one.
      answer.catch(() => undefined);
      started.set(key, { answer, at: now() });
    },
    take<T>(key: string): Promise<T> | undefined {
      const entry = started.get(key);
      started.delete(key);
      return entry && now() - entry.at <= EARLY_CALL_TTL_MS ? (entry.answer as Promise<T>) : undefined;
    },
  };
}

export type EarlyCalls = ReturnType<typeof createEarlyCalls>;
