export * from './form';
export * from './messages';
export * from './rules';
export * from './use-form';
