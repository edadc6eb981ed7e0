export * from './embedded-site';
export * from './site-server';
