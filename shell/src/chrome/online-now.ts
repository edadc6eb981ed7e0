/**
 * The members online now, as the member's own presence subscription hears it: live, and the
 * same number the API's `/onlines/count` reads from that channel. Visitors have no presence
 * subscription; for them it stays `null` and the top bar polls (SPEC §9).
 */
type Listener = () => void;

let live: number | null = null;
const listeners = new Set<Listener>();

export const onlineNow = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  live: (): number | null => live,
  setLive(count: number | null) {
    if (count === live) return;
    live = count;
    for (const listener of listeners) listener();
  },
};
