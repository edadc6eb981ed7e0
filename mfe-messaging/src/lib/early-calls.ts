import { createEarlyCalls } from '@ukd/federation/early-calls';

/** The remote's one set: its routes start calls in it, its pages' calls take from it. */
export const earlyCalls = createEarlyCalls();
