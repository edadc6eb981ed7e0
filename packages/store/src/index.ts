export * from './create-store';
export * from './event-bus';
export * from './site-slice';
