import type { SiteInfo } from '@ukd/contracts';
import type { SiteSettings } from '@ukd/contracts/api';
import type { Action } from 'redux';
import { actionCreator, type StateSlice } from './actions';

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

export const siteLoaded = actionCreator<SiteInfo>('site/siteLoaded');
export const settingsLoaded = actionCreator<SiteSettings>('site/settingsLoaded');
export const maintenanceEntered = actionCreator('site/maintenanceEntered');

function siteReducer(state: SiteState = initialState, action: Action): SiteState {
  if (siteLoaded.match(action)) {
    const { name, key, environment } = action.payload;
    return { ...state, name, key, environment };
  }
  if (settingsLoaded.match(action)) {
    return {
      ...state,
      settings: action.payload,
      name: action.payload.site_name,
      maintenance: action.payload.maintenance,
    };
  }
  if (maintenanceEntered.match(action)) return { ...state, maintenance: true };
  return state;
}

export const siteSlice: StateSlice<SiteState, 'site'> = { reducerPath: 'site', reducer: siteReducer };

type WithSite = { site: SiteState };
export const selectSiteName = (state: WithSite) => state.site.name;
export const selectSettings = (state: WithSite) => state.site.settings;
export const selectMaintenance = (state: WithSite) => state.site.maintenance;
