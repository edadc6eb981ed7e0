import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SiteInfo } from '@ukd/contracts';
import type { SiteSettings } from '@ukd/contracts/api';

export interface SiteState extends SiteInfo {
  /** `GET /api/settings`, once loaded. */
  settings: SiteSettings | null;
  /** SPEC §4: on when the maintenance setting is on or any call answered 503. */
  maintenance: boolean;
}

const initialState: SiteState = {
  name: 'Flirtlane',
  key: '',
  environment: 'production',
  settings: null,
  maintenance: false,
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
  },
  selectors: {
    selectSiteName: (state) => state.name,
    selectSettings: (state) => state.settings,
    selectMaintenance: (state) => state.maintenance,
  },
});

export const { siteLoaded, settingsLoaded, maintenanceEntered } = siteSlice.actions;
export const { selectSiteName, selectSettings, selectMaintenance } = siteSlice.selectors;
