import { type ApiClient, browserStorage, isApiError } from '@ukd/api-client';
import type { SessionControl } from '@ukd/contracts';
import type { RegisterRequest, TokenResponse, User } from '@ukd/contracts/api';
import {
  type AppDispatch,
  formErrorsReceived,
  loggedOut,
  loginFailed,
  loginStarted,
  sessionChecking,
  userLoaded,
} from '@ukd/store';

/** SPEC §9: the token is refreshed every 10 minutes while the member is here. */
export const refreshIntervalMs = 10 * 60 * 1000;

export interface SessionService extends SessionControl {
  /** At boot: a stored token becomes a loaded member, or is dropped. */
  restore(): Promise<void>;
  /** Whether tokens are stored, so `restore` has a member to check. */
  hasStoredSession(): boolean;
  login(email: string, password: string): Promise<boolean>;
  register(details: RegisterRequest): Promise<boolean>;
  /** SPEC §6: `impersonate_token` logs an operator in as the member. */
  impersonate(token: string): Promise<boolean>;
  /** SPEC §7: `custom1` from a payment provider's redirect logs the payer in. */
  paymentLogin(custom1: string): Promise<boolean>;
  /** The API refused the member's tokens: they are logged out here too. */
  expired(): void;
}

/** Starts what a member's page keeps live (realtime, notifications); resolves to what ends it. */
export type MemberSessionStarter = (user: User) => Promise<() => void>;

export function createSessionService(
  api: ApiClient,
  dispatch: AppDispatch,
  startMember?: MemberSessionStarter,
  /** Where the visitor came from, sent with every registration (the landers' forms included). */
  tracking?: () => RegisterRequest['tracking'],
): SessionService {
  let refreshTimer: ReturnType<typeof setInterval> | undefined;
  /** The member whose live session runs (a deactivated member gets none, SPEC §2). */
  let live: { uuid: string; stop: Promise<(() => void) | undefined> } | null = null;

  function follow(user: User | null) {
    const uuid = user && !user.deactivated ? user.uuid : null;
    if (live?.uuid === uuid) return;
    // Stopping waits for a start still loading its code, so a quick logout leaves nothing running.
    void live?.stop.then((stop) => stop?.());
    live = null;
    if (!user || !uuid || !startMember) return;
    live = {
      uuid,
      stop: startMember(user).catch((error: unknown) => {
        console.warn('the member session did not start', error);
        return undefined;
      }),
    };
  }

  function keepFresh(on: boolean) {
    clearInterval(refreshTimer);
    if (on) refreshTimer = setInterval(() => void api.refreshTokens(), refreshIntervalMs);
  }

  async function loadUser({ background = false } = {}) {
    const { data } = await api.request<{ data: User }>('/me', { method: 'POST', background });
    dispatch(userLoaded(data));
    keepFresh(true);
    follow(data);
  }

  /** Stores the new tokens and loads the member; a failure is shown on the form. */
  async function signIn(call: () => Promise<TokenResponse>): Promise<boolean> {
    dispatch(loginStarted());
    try {
      const { data } = await call();
      api.tokens.save(data);
      await loadUser();
      return true;
    } catch (error) {
      dispatch(loginFailed());
      if (isApiError(error)) {
        const fields = Object.keys(error.fieldErrors).length ? error.fieldErrors : { email: error.message };
        dispatch(formErrorsReceived(fields));
      }
      return false;
    }
  }

  const hasStoredSession = () => Boolean(api.tokens.access() || api.tokens.refresh());

  function forget() {
    keepFresh(false);
    api.tokens.clear();
    follow(null);
    dispatch(loggedOut());
  }

  return {
    hasStoredSession,
    async restore() {
      if (!hasStoredSession()) return;
      dispatch(sessionChecking());
      try {
        await loadUser();
      } catch {
        forget();
      }
    },
    reloadUser: (options) => loadUser(options),
    expired() {
      follow(null);
      dispatch(loggedOut());
    },
    login: (email, password) =>
      signIn(() =>
        api.request<TokenResponse>('/login', { method: 'POST', body: { email, password }, auth: false }),
      ),
    register: (details) => {
      const source = details.tracking ?? tracking?.();
      const body = source ? { ...details, tracking: source } : details;
      return signIn(() => api.request<TokenResponse>('/register', { method: 'POST', body, auth: false }));
    },
    impersonate: (token) =>
      signIn(() =>
        api.request<TokenResponse>('/impersonate', {
          method: 'POST',
          body: { impersonate_token: token },
          auth: false,
        }),
      ),
    paymentLogin: (custom1) =>
      signIn(() =>
        api.request<TokenResponse>(`/payment/auth/${encodeURIComponent(custom1)}`, { auth: false }),
      ),
    async logout() {
      try {
        await api.request('/logout', { method: 'POST' });
      } catch {
        // SPEC §4: the member is logged out here even if the server could not be told.
      }
      forget();
      browserStorage('local').clear();
      browserStorage('session').clear();
    },
  };
}
