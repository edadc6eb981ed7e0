import type { User } from '@ukd/contracts/api';
import type { Action } from 'redux';
import { actionCreator, type StateSlice } from './actions';
import { notificationReceived } from './notification-events';

/** SPEC §3 auth state. `busy` while the shell checks a stored token or a login is under way. */
export interface SessionState {
  user: User | null;
  loggedIn: boolean;
  busy: boolean;
  strategy: 'local';
  login_failed: boolean;
  /** A stored token is being checked at boot; guards wait instead of sending the member to login. */
  restoring: boolean;
}

const initialState: SessionState = {
  user: null,
  loggedIn: false,
  busy: false,
  strategy: 'local',
  login_failed: false,
  restoring: false,
};

export const sessionChecking = actionCreator('session/sessionChecking');
export const loginStarted = actionCreator('session/loginStarted');
export const loginFailed = actionCreator('session/loginFailed');
export const userLoaded = actionCreator<User>('session/userLoaded');
export const loggedOut = actionCreator('session/loggedOut');
/** SPEC §4: credits can be reduced (default 1) or set. */
export const creditsReduced = actionCreator<number | undefined>('session/creditsReduced');
export const creditsSet = actionCreator<number>('session/creditsSet');
// The counters are the server's: set from its answers, never counted up here.
export const unreadMessagesSet = actionCreator<number>('session/unreadMessagesSet');
export const newVisitorsSet = actionCreator<number>('session/newVisitorsSet');
export const unreadFavoritesSet = actionCreator<number>('session/unreadFavoritesSet');
export const profileMarkedComplete = actionCreator('session/profileMarkedComplete');

/** The member with `change` applied, if there is one. */
function withUser(
  state: SessionState,
  change: Partial<User> | ((user: User) => Partial<User>),
): SessionState {
  if (!state.user) return state;
  const changed = typeof change === 'function' ? change(state.user) : change;
  return { ...state, user: { ...state.user, ...changed } };
}

function sessionReducer(state: SessionState = initialState, action: Action): SessionState {
  if (sessionChecking.match(action)) return { ...state, busy: true, restoring: true };
  if (loginStarted.match(action)) return { ...state, busy: true, login_failed: false };
  if (loginFailed.match(action)) return { ...state, busy: false, login_failed: true };
  if (userLoaded.match(action)) {
    return {
      ...state,
      user: action.payload,
      loggedIn: true,
      busy: false,
      restoring: false,
      login_failed: false,
    };
  }
  if (loggedOut.match(action)) return initialState;
  if (creditsReduced.match(action)) {
    const by = action.payload ?? 1;
    return withUser(state, (user) => ({ credits: user.credits - by }));
  }
  if (creditsSet.match(action)) return withUser(state, { credits: action.payload });
  if (unreadMessagesSet.match(action)) return withUser(state, { unread_messages_count: action.payload });
  if (newVisitorsSet.match(action)) return withUser(state, { new_visitors_count: action.payload });
  if (unreadFavoritesSet.match(action)) return withUser(state, { unread_favorites_count: action.payload });
  if (profileMarkedComplete.match(action)) return withUser(state, { profile_complete: true });
  if (notificationReceived.match(action)) {
    const { counts } = action.payload;
    if (!counts) return state;
    const { unread_messages_count, new_visitors_count, unread_favorites_count } = counts;
    return withUser(state, { unread_messages_count, new_visitors_count, unread_favorites_count });
  }
  return state;
}

export const sessionSlice: StateSlice<SessionState, 'session'> = {
  reducerPath: 'session',
  reducer: sessionReducer,
};

type WithSession = { session: SessionState };
export const selectUser = (state: WithSession) => state.session.user;
export const selectLoggedIn = (state: WithSession) => state.session.loggedIn;
export const selectSessionBusy = (state: WithSession) => state.session.busy;
export const selectSessionRestoring = (state: WithSession) => state.session.restoring;
export const selectLoginFailed = (state: WithSession) => state.session.login_failed;
/** SPEC §3: zero or negative credits are shown as 0. */
export const selectDisplayCredits = (state: WithSession) => Math.max(0, state.session.user?.credits ?? 0);
