export * from './constants';
export * from './schemas';
export * from './pricing';
export * from './config';
export * from './remotes';
export * from './routes';
export * from './host';
export * from './analytics';
