import { createRemoteWidget } from '@ukd/federation/remote-app';
import { SeasonalOffer } from './seasonal-offer';

/** The `seasonal-popup` slot's lifecycles, mounted by the shell as a parcel of its own. */
export default createRemoteWidget(SeasonalOffer);
