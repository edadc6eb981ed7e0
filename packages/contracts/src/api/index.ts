// zod schemas and types of the JSON API's resources (SPEC §3). Each resource gets its own file.

export * from './account';
export * from './acquisition';
export * from './auth';
export * from './billing';
export * from './conversation';
export * from './credits';
export * from './envelope';
export * from './interaction';
export * from './message';
export * from './notification';
export * from './photo';
export * from './profile';
export * from './realtime';
export * from './session';
export * from './settings';
export * from './support';
export * from './tracking';
export * from './user';
export * from './user-notifications';
