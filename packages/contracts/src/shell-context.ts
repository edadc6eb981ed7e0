import type { Middleware, Reducer, Store } from '@reduxjs/toolkit';
import type { EventBus } from './event-map';
import type { NavItem, RouteDefinition, SlotName } from './routes';
import type { SiteInfo } from './site-manifest';

/** Anything with a reducer mounted at its own key: an RTK slice or an RTK Query api. */
export interface InjectableSlice {
  reducerPath: string;
  reducer: Reducer;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, or sent as is when it is a `FormData` (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the member's token (default true when one is stored). */
  auth?: boolean;
  signal?: AbortSignal;
  /** A call the member did not ask for (poll, catch-up): no progress bar, form errors untouched. */
  background?: boolean;
  /** Extra headers for this call, e.g. `X-Socket-ID`; the site's own headers win on a clash. */
  headers?: Record<string, string>;
}

/** A call to the JSON API with the site's headers, token refresh and error handling. */
export type ApiRequest = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

/** What remotes may do with the member's session; the state itself is in the store. */
export interface SessionControl {
  /**
   * Fetch the member again, e.g. after a change that affects the top bar or the guards.
   * `background` when the member did not ask (a realtime event, a catch-up): no progress bar.
   */
  reloadUser(options?: { background?: boolean }): Promise<void>;
  logout(): Promise<void>;
}

/**
 * The member's realtime connection, as one owner sees it. The shell hands each remote, and each
 * page or widget it mounts, its own: everything subscribed through it (reconnect handlers
 * included) goes when that owner is released or unmounted, without touching anyone else's.
 */
export interface RealtimeAccess {
  /** `channel` as Echo names it (`conversation.{uuid}`); `event` as published (`message.sent`). */
  subscribe(
    channel: string,
    event: string,
    handler: (payload: unknown) => void,
    hooks?: { onSubscribed?(): void },
  ): () => void;
  /** Runs after the connection dropped and came back: the moment to fetch what was missed. */
  onReconnect(handler: () => void): () => void;
  /** Listen to a client event (e.g. `typing`) the other participant whispers on a private channel. */
  listenForWhisper(channel: string, event: string, handler: (payload: unknown) => void): () => void;
  /** Whisper a client event to the channel's other subscribers (typing indicators); best effort. */
  whisper(channel: string, event: string, data: Record<string, unknown>): void;
  /** The socket id to send as X-Socket-ID, so the sender's own events are not echoed back. */
  socketId(): string | undefined;
}

/** What the shell hands every remote, both to `register` and as the app parcel's props. */
export interface ShellContext {
  realtime: RealtimeAccess;
  api: ApiRequest;
  session: SessionControl;
  site: SiteInfo;
  store: Store;
  /** Adds a remote's state under its own key; safe to call again on re-registration. */
  injectSlice(slice: InjectableSlice): void;
  /** Adds RTK Query's `baseApi` (reducer and middleware) to the store, once for the page. */
  installBaseApi(api: InjectableSlice & { middleware: Middleware }): void;
  bus: EventBus;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Warms the code of whichever remote owns `path`, so a later click renders at once. */
  prefetch(path: string): void;
}

/** A widget a remote offers for one of the shell's slots; loaded only when the slot shows. */
export type WidgetLoader = () => Promise<{ default: unknown }>;

/** What `register(ctx)` returns. */
export interface RemoteRegistration {
  /** The remote's folder name, as in the site manifest (`mfe-messaging`). */
  id: string;
  /**
   * Its routes, as in the site manifest, which is where the shell reads them. Optional, so a
   * remote with a long route list (mfe-landers' catalog) need not ship it to every page.
   */
  routes?: RouteDefinition[];
  /** The member pages this remote owns, for the shell's menus (from its `src/nav.ts`). */
  nav?: NavItem[];
  widgets?: Partial<Record<SlotName, WidgetLoader>>;
  /** Undo what `register` did (realtime handlers, listeners) when the shell lets the remote go. */
  dispose?(): void;
}

/** The module every remote exposes as `./register`. */
export interface RemoteRegisterModule {
  register(ctx: ShellContext): RemoteRegistration | Promise<RemoteRegistration>;
}

/** Custom props the shell passes when it mounts a remote's `./app` parcel. */
export interface RemoteAppProps {
  shell: ShellContext;
  /** The router basename the remote renders under (`/` for every remote today). */
  basename: string;
  /** Called when the remote throws while rendering; the shell swaps in its fallback. */
  onCrash(error: Error): void;
}

/** Shape of single-spa lifecycles, kept here so the shell needs no single-spa-react types. */
export interface RemoteAppModule {
  bootstrap:
    | ((props: RemoteAppProps) => Promise<unknown>)
    | Array<(props: RemoteAppProps) => Promise<unknown>>;
  mount: ((props: RemoteAppProps) => Promise<unknown>) | Array<(props: RemoteAppProps) => Promise<unknown>>;
  unmount: ((props: RemoteAppProps) => Promise<unknown>) | Array<(props: RemoteAppProps) => Promise<unknown>>;
  update?: (props: RemoteAppProps) => Promise<unknown>;
  /**
   * Fetch the code of the page `pathname` shows, before the app mounts (the shell asks while it
   * checks a member's session). With `data`, the page's first requests start too, with the
   * member's stored token, so they run beside the code and the session check rather than after
   * both. Optional: a remote built before it existed still loads (and ignores `data`).
   */
  preload?: (pathname: string, data?: PreloadData) => Promise<void>;
}

/** What a remote needs to start a page's first requests ahead of its mount. */
export interface PreloadData {
  /** The address's query string (`?page=2`), for pages that keep their state there. */
  search: string;
  shell: ShellContext;
}
