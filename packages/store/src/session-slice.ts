import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@ukd/contracts/api';
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

/** Applies a change to the member, if there is one. */
function withUser(state: SessionState, change: (user: User) => void) {
  if (state.user) change(state.user);
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionChecking(state) {
      state.busy = true;
      state.restoring = true;
    },
    loginStarted(state) {
      state.busy = true;
      state.login_failed = false;
    },
    loginFailed(state) {
      state.busy = false;
      state.login_failed = true;
    },
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.loggedIn = true;
      state.busy = false;
      state.restoring = false;
      state.login_failed = false;
    },
    loggedOut() {
      return initialState;
    },
    // SPEC §4: credits can be reduced (default 1) or set.
    creditsReduced(state, action: PayloadAction<number | undefined>) {
      withUser(state, (user) => {
        user.credits -= action.payload ?? 1;
      });
    },
    creditsSet(state, action: PayloadAction<number>) {
      withUser(state, (user) => {
        user.credits = action.payload;
      });
    },
    // The counters are the server's: set from its answers, never counted up here.
    unreadMessagesSet(state, action: PayloadAction<number>) {
      withUser(state, (user) => {
        user.unread_messages_count = action.payload;
      });
    },
    newVisitorsSet(state, action: PayloadAction<number>) {
      withUser(state, (user) => {
        user.new_visitors_count = action.payload;
      });
    },
    unreadFavoritesSet(state, action: PayloadAction<number>) {
      withUser(state, (user) => {
        user.unread_favorites_count = action.payload;
      });
    },
    profileMarkedComplete(state) {
      withUser(state, (user) => {
        user.profile_complete = true;
      });
    },
  },
  extraReducers: (builder) => {
    builder.addCase(notificationReceived, (state, action) => {
      const { counts } = action.payload;
      if (!counts) return;
      withUser(state, (user) => {
        user.unread_messages_count = counts.unread_messages_count;
        user.new_visitors_count = counts.new_visitors_count;
        user.unread_favorites_count = counts.unread_favorites_count;
      });
    });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectLoggedIn: (state) => state.loggedIn,
    selectSessionBusy: (state) => state.busy,
    selectSessionRestoring: (state) => state.restoring,
    selectLoginFailed: (state) => state.login_failed,
    /** SPEC §3: zero or negative credits are shown as 0. */
    selectDisplayCredits: (state) => Math.max(0, state.user?.credits ?? 0),
  },
});

export const {
  sessionChecking,
  loginStarted,
  loginFailed,
  userLoaded,
  loggedOut,
  creditsReduced,
  creditsSet,
  unreadMessagesSet,
  newVisitorsSet,
  unreadFavoritesSet,
  profileMarkedComplete,
} = sessionSlice.actions;
export const {
  selectUser,
  selectLoggedIn,
  selectSessionBusy,
  selectSessionRestoring,
  selectLoginFailed,
  selectDisplayCredits,
} = sessionSlice.selectors;
