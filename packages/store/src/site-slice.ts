import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SiteInfo } from '@ukd/contracts';

export interface SiteState extends SiteInfo {
  /** Remotes whose code could not be loaded; their nav items hide and their routes show a fallback. */
  unavailableRemotes: string[];
}

const initialState: SiteState = { name: 'Flirtlane', environment: 'production', unavailableRemotes: [] };

export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {
    siteLoaded(state, action: PayloadAction<SiteInfo>) {
      state.name = action.payload.name;
      state.environment = action.payload.environment;
    },
    remoteUnavailable(state, action: PayloadAction<string>) {
      if (!state.unavailableRemotes.includes(action.payload)) state.unavailableRemotes.push(action.payload);
    },
    remoteRecovered(state, action: PayloadAction<string>) {
      state.unavailableRemotes = state.unavailableRemotes.filter((id) => id !== action.payload);
    },
  },
  selectors: {
    selectSiteName: (state) => state.name,
    selectUnavailableRemotes: (state) => state.unavailableRemotes,
  },
});

export const { siteLoaded, remoteUnavailable, remoteRecovered } = siteSlice.actions;
export const { selectSiteName, selectUnavailableRemotes } = siteSlice.selectors;
