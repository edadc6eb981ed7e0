import { createUnitConfig, unitOptionsFromEnv } from '@ukd/federation/config';

export default createUnitConfig(unitOptionsFromEnv(import.meta.dirname, 'mfe-landers'));
