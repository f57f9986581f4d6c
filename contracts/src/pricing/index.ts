export * from './tables';
export * from './options';
export * from './calculate';
export * from './format';
export * from './describe';
export * from './defaults';
export * from './saved-quote';
