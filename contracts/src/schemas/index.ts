export * from './common';
export * from './auth';
export * from './leads';
export * from './quotes';
export * from './entities';
export * from './remote-pointer';
export * from './identity';
export * from './queries';
