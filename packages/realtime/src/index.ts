export * from './realtime-connection';
