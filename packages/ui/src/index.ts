export * from './button';
export * from './shell-context';
export * from './site-link';
export * from './spinner';
export * from './text-field';
