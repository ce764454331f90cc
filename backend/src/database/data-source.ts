import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** The pool size comes from the database config in the app; the TypeORM CLI reads the environment. */
export function dataSourceOptions(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10)): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    extra: { max: poolSize },
  };
}

/** Runs the committed migrations (at start and in test setup; never from request paths). */
export async function runMigrations(url: string): Promise<void> {
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}

// For the TypeORM CLI, from the build (`npm run build` first; ts-node is not installed): migration:generate / revert.
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@localhost:5432/classlane'));
