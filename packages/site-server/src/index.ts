export * from './site-server';
