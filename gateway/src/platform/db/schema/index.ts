export * from './accounts';
export * from './client-data';
export * from './content';
export * from './leads';
export * from './system';
export * from './releases';
export * from './promises';
export * from './audit';
