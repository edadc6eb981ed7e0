import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserNotification } from '@ukd/contracts/api';
import { notificationReceived } from '@ukd/store';

export interface NotificationsState {
  items: UserNotification[];
  currentPage: number;
  lastPage: number;
  unreadCount: number;
  /** Newest first; each leaves after 5 s, on click or on close (SPEC §4). */
  popups: UserNotification[];
  /** The highest id seen, for catching up by id after a reconnect. */
  lastSeenId: number;
}

const initialState: NotificationsState = {
  items: [],
  currentPage: 0,
  lastPage: 1,
  unreadCount: 0,
  popups: [],
  lastSeenId: 0,
};

/** SPEC §4: only these four show as popups, and a message of another type is ignored. */
const popupTypes = new Set(['MESSAGE_RECEIVED', 'PROFILE_VIEW', 'USER_LIKE', 'USER_FAVORITE']);
const messageTypes = new Set(['image', 'text', 'wink', 'trigger']);

export function showsAsPopup(notification: UserNotification): boolean {
  const { data } = notification;
  if (!popupTypes.has(data.action_type)) return false;
  return data.action_type !== 'MESSAGE_RECEIVED' || messageTypes.has(data.message?.type ?? '');
}

export const notificationsSlice = createSlice({
  name: 'shell/notifications',
  initialState,
  reducers: {
    /** A page from the API; page 1 replaces the list, later pages are merged by id. */
    pageLoaded(
      state,
      action: PayloadAction<{ items: UserNotification[]; currentPage: number; lastPage: number }>,
    ) {
      const { items, currentPage, lastPage } = action.payload;
      const base = currentPage === 1 ? [] : state.items;
      const seen = new Set(base.map((n) => n.id));
      state.items = [...base, ...items.filter((n) => !seen.has(n.id))];
      state.currentPage = currentPage;
      state.lastPage = lastPage;
      state.lastSeenId = Math.max(state.lastSeenId, ...items.map((n) => n.id));
    },
    popupDismissed(state, action: PayloadAction<number>) {
      state.popups = state.popups.filter((n) => n.id !== action.payload);
    },
    unreadCountSet(state, action: PayloadAction<number>) {
      state.unreadCount = action.payload;
    },
    allRead(state, action: PayloadAction<string>) {
      for (const item of state.items) item.read_at ??= action.payload;
      state.unreadCount = 0;
    },
    oneRead(state, action: PayloadAction<{ id: number; at: string }>) {
      const item = state.items.find((n) => n.id === action.payload.id);
      if (item && !item.read_at) {
        item.read_at = action.payload.at;
        state.unreadCount = Math.max(0, state.unreadCount - 1);
      }
    },
    removed(state, action: PayloadAction<number>) {
      const item = state.items.find((n) => n.id === action.payload);
      if (item && !item.read_at) state.unreadCount = Math.max(0, state.unreadCount - 1);
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    /** Live (popup) or caught-up notification: duplicates by id are skipped. */
    builder.addCase(notificationReceived, (state, action) => {
      const { notification, popup } = action.payload;
      if (notification.id <= state.lastSeenId && state.items.some((n) => n.id === notification.id)) return;
      state.lastSeenId = Math.max(state.lastSeenId, notification.id);
      if (!state.items.some((n) => n.id === notification.id)) state.items.unshift(notification);
      if (popup && showsAsPopup(notification) && !state.popups.some((n) => n.id === notification.id)) {
        state.popups.unshift(notification);
      }
    });
  },
  selectors: {
    selectNotifications: (state) => state.items,
    selectHasMore: (state) => state.currentPage > 0 && state.currentPage < state.lastPage,
    selectUnreadNotifications: (state) => state.unreadCount,
    selectPopups: (state) => state.popups,
    selectLastSeenId: (state) => state.lastSeenId,
    selectCurrentPage: (state) => state.currentPage,
  },
});

export const { pageLoaded, popupDismissed, unreadCountSet, allRead, oneRead, removed } =
  notificationsSlice.actions;
export const {
  selectNotifications,
  selectHasMore,
  selectUnreadNotifications,
  selectPopups,
  selectLastSeenId,
  selectCurrentPage,
} = notificationsSlice.selectors;

/** Where clicking a notification goes (SPEC §4). */
export function notificationTarget(notification: UserNotification): string {
  const { data } = notification;
  switch (data.action_type) {
    case 'MESSAGE_RECEIVED':
      return `/messages/${data.message?.conversation.uuid ?? ''}`;
    case 'PROFILE_VIEW':
      return `/profile/${data.viewer?.uuid ?? data.from_user_uuid}`;
    case 'USER_LIKE':
      return `/profile/${data.liker?.uuid ?? data.from_user_uuid}`;
    default:
      return `/profile/${data.from_user_uuid}`;
  }
}

/**
 * Whether a message notification belongs to the conversation on screen (`/messages/{uuid}`, or
 * the desktop-notification link `/message/{uuid}`): the member is reading it already.
 */
export function isOpenConversation(notification: UserNotification, pathname: string): boolean {
  const uuid = notification.data.message?.conversation.uuid;
  if (notification.data.action_type !== 'MESSAGE_RECEIVED' || !uuid) return false;
  const path = pathname.replace(/\/+$/, '');
  return path === `/messages/${uuid}` || path === `/message/${uuid}`;
}

/** What a notification says; SPEC gives the types, the wording is ours. */
export function notificationText(notification: UserNotification): string {
  const { data } = notification;
  const name = data.from_user_name;
  switch (data.action_type) {
    case 'MESSAGE_RECEIVED':
      if (data.message?.type === 'image') return `${name} sent you a photo`;
      if (data.message?.type === 'wink') return `${name} sent you a wink`;
      return `${name} sent you a message`;
    case 'PROFILE_VIEW':
      return `${name} viewed your profile`;
    case 'USER_LIKE':
      return `${name} liked you`;
    case 'USER_FAVORITE':
      return `${name} added you to their favourites`;
    case 'PROFILE_WINK':
      return `${name} winked at you`;
  }
}
