export * from './schema';
export { createDb, type Db } from './client';
export { migrateDb, MigrationError } from './migrate';
export { createGroupCommit, type GroupCommit } from './group-commit';
export { gatewayRoot, migrationsFolder } from './paths';
export { compile, compiledInsert, type Compiled } from './compiled';
export { offsetOf, paged, type Page } from './paged';
