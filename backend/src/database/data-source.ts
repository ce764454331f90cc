import { Client } from 'pg';
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

/**
 * Runs the committed migrations (at start and in test setup; never from request paths), each in its own
 * transaction: one that fails is rolled back whole, the ones before it stay applied, and the error says so and
 * what to do. `migrations` is for the upgrade test (an older release's list).
 */
export async function runMigrations(url: string, migrations: DataSourceOptions['migrations'] = MIGRATIONS): Promise<void> {
  const ds = new DataSource({ ...dataSourceOptions(url), migrations });
  await ds.initialize();
  // Several instances starting at once (docker-compose.yml): one runs the migrations, the others wait on this lock
  // and then find nothing pending. A session-level advisory lock on a connection of its own, released by closing it.
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await ds.runMigrations({ transaction: 'each' });
  } catch (e) {
    const failed = (e as { migrationName?: string }).migrationName ?? (await pendingMigrationName(ds));
    throw new Error(
      `Migration ${failed ?? '(unknown)'} failed and was rolled back: the database is as it was before it (earlier ` +
        'migrations stay applied, no restore is needed). Fix the cause below, or start the previous release again, ' +
        `then start this one again to retry.\nCause: ${e instanceof Error ? e.message : String(e)}`,
      { cause: e },
    );
  } finally {
    await lock.end().catch(() => undefined);
    await ds.destroy();
  }
}

/** The advisory lock key of the migration run (any constant no other code uses). */
const MIGRATIONS_LOCK = 7_166_600_001;

/** The first migration not recorded as run (the one that failed), or null when that cannot be read. */
async function pendingMigrationName(ds: DataSource): Promise<string | null> {
  try {
    const done = new Set((await ds.query('SELECT name FROM migrations')).map((r: { name: string }) => r.name));
    const all = ds.migrations.map((m) => m.name ?? m.constructor.name);
    return all.find((n) => !done.has(n)) ?? null;
  } catch {
    return null;
  }
}

// For the TypeORM CLI, from the build (`npm run build` first; ts-node is not installed): migration:generate / revert.
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@localhost:5432/classlane'));
