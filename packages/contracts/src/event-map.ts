/**
 * Events that cross unit boundaries. Remotes add their own by module augmentation:
 *
 *   declare module '@ukd/contracts' { interface EventMap { 'messaging:unread-changed': { count: number } } }
 *
 * Payloads stay serialisable: never a React element or a function.
 */
export interface EventMap {
  'shell:toast': { type: 'success' | 'info' | 'error'; message: string; durationMs?: number };
  'shell:remote-failed': { remote: string; message: string };
  'shell:route-changed': { pathname: string; search: string };
  /**
   * A page whose title only it knows (a blog article under `/blog/:slug`) names itself; the shell
   * writes the document's title and description until the next route.
   */
  'shell:page-meta': { title: string; description?: string };
  /** Opens the cookie banner so the visitor can change their choice (e.g. from the privacy page). */
  'shell:cookie-settings': Record<string, never>;
  /** SPEC §4: an internal new-notification event, raised for every live notification. */
  'notifications:new': { id: number; action_type: string; from_user_uuid: string };
  /** SPEC §4: CreditsEarned arrived on the member's credits channel. */
  CREDITS_EARNED: { credits: number; credits_earned: number; reason: string };
}

export type EventName = keyof EventMap;
export type EventHandler<K extends EventName> = (payload: EventMap[K]) => void;

export interface EventBus {
  on<K extends EventName>(event: K, handler: EventHandler<K>): () => void;
  emit<K extends EventName>(event: K, payload: EventMap[K]): void;
}
