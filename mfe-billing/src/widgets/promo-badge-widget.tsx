import { createRemoteWidget } from '@ukd/federation/remote-app';
import { PromoBadge } from './promo-badge';

/** The `top-bar-promo` slot's lifecycles, mounted by the shell as a parcel of its own. */
export default createRemoteWidget(PromoBadge);
