export * from './actions';
export * from './create-store';
export * from './event-bus';
export * from './form-errors-slice';
export * from './notification-events';
export * from './session-slice';
export * from './site-slice';
