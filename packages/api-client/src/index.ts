export * from './api-client';
export * from './api-error';
export * from './browser-storage';
export * from './device-id';
export * from './token-store';
