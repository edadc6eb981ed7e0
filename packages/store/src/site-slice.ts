import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SiteInfo } from '@ukd/contracts';
import type { SiteSettings } from '@ukd/contracts/api';

export interface SiteState extends SiteInfo {
  /** `GET /api/settings`, once loaded. */
  settings: SiteSettings | null;
  /** SPEC §4: on when the maintenance setting is on or any call answered 503. */
  maintenance: boolean;
  /** Remotes whose code could not be loaded; their nav items hide and their routes show a fallback. */
  unavailableRemotes: string[];
}

const initialState: SiteState = {
  name: 'Flirtlane',
  key: '',
  environment: 'production',
  settings: null,
  maintenance: false,
  unavailableRemotes: [],
};

export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {
    siteLoaded(state, action: PayloadAction<SiteInfo>) {
      state.name = action.payload.name;
      state.key = action.payload.key;
      state.environment = action.payload.environment;
    },
    settingsLoaded(state, action: PayloadAction<SiteSettings>) {
      state.settings = action.payload;
      state.name = action.payload.site_name;
      state.maintenance = action.payload.maintenance;
    },
    maintenanceEntered(state) {
      state.maintenance = true;
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
    selectSettings: (state) => state.settings,
    selectMaintenance: (state) => state.maintenance,
    selectUnavailableRemotes: (state) => state.unavailableRemotes,
  },
});

export const { siteLoaded, settingsLoaded, maintenanceEntered, remoteUnavailable, remoteRecovered } =
  siteSlice.actions;
export const { selectSiteName, selectSettings, selectMaintenance, selectUnavailableRemotes } =
  siteSlice.selectors;
