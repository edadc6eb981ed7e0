export * from './rules';
export * from './use-form';
