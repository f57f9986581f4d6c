export * from './business';
export * from './services';
export * from './faq';
export * from './blog';
