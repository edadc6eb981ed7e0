export * from './event-map';
export * from './member-places';
export * from './preferences';
export * from './prerendered';
export * from './routes';
export * from './shell-context';
export * from './site-manifest';
