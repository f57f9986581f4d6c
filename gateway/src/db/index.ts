export * from './schema';
export { createDb, type Db } from './client';
export { migrateDb } from './migrate';
export { gatewayRoot, migrationsFolder } from './paths';
