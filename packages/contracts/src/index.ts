export * from './event-map';
export * from './member-places';
export * from './preferences';
export * from './prerendered';
export * from './remote-files';
export * from './routes';
export * from './shell-context';
export * from './site-manifest';
