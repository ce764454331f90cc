// `npm run db:backup [-- <file>]` and `npm run db:restore -- <file> [--force]`: a backup of the database at
// DATABASE_URL, or of the embedded one in DATA_DIR when DATABASE_URL is unset (used while the server runs, or
// started for the occasion). See backup.ts for the format and docs/operations.md for when to prefer pg_dump.
import { readDatabaseConfig } from '../config/database.config';
import { backupDatabase, restoreDatabase } from './backup';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

const USAGE = 'Usage: npm run db:backup [-- <file>]  |  npm run db:restore -- <file> [--force]';

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const file = rest.find((a) => !a.startsWith('--'));
  if (command !== 'backup' && command !== 'restore') throw new Error(USAGE);
  if (command === 'restore' && !file) throw new Error(USAGE);

  const database = readDatabaseConfig(process.env);
  let embedded: EmbeddedDatabase | null = null;
  let url = database.url ?? runningEmbeddedUrl(database.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres(database.dataDir, { quiet: true });
    url = embedded.url;
  }
  try {
    if (command === 'backup') {
      const out = file ?? `classlane-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`;
      const r = await backupDatabase(url, out);
      const rows = r.manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `Backed up ${rows} rows of ${r.manifest.tables.length} tables (schema at ${r.manifest.migrations.at(-1) ?? 'no migration'}) ` +
          `to ${out}: ${(r.bytes / 1024).toFixed(1)} KiB in ${(r.ms / 1000).toFixed(1)} s`,
      );
    } else {
      const r = await restoreDatabase(url, file!, { force });
      console.log(
        `Restored ${r.rows} rows of ${r.manifest.tables.length} tables from ${file} (taken ${r.manifest.createdAt}), every table's ` +
          `row count and checksum verified${r.migratedAfter ? `, then ran ${r.migratedAfter} newer migrations` : ''}, in ${(r.ms / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
