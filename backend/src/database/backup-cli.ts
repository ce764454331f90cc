// `npm run db:backup [-- <file>] [--format=own|pg_dump]` and `npm run db:restore -- <file> [--force]`: a backup of the
// database at DATABASE_URL, or of the embedded one in DATA_DIR when DATABASE_URL is unset (used while the server runs,
// or started for the occasion). With DATABASE_URL and a pg_dump and pg_restore of the server's major version on the
// PATH, the backup is a pg_dump custom-format archive; otherwise the app's own format (backup.ts). The restore reads
// either, by the file's first bytes. See docs/operations.md.
import { readDatabaseConfig } from '../config/database.config';
import { backupDatabase, restoreDatabase } from './backup';
import { backupWithPgDump, findPgTools } from './backup-pg-dump';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

const USAGE = 'Usage: npm run db:backup [-- <file>] [--format=own|pg_dump]  |  npm run db:restore -- <file> [--force]';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const size = (bytes: number) => (bytes < 10 * 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const format = rest.find((a) => a.startsWith('--format='))?.slice('--format='.length) ?? 'auto';
  const file = rest.find((a) => !a.startsWith('--'));
  if (command !== 'backup' && command !== 'restore') throw new Error(USAGE);
  if (command === 'restore' && !file) throw new Error(USAGE);
  if (!['auto', 'own', 'pg_dump'].includes(format)) throw new Error(USAGE);

  const database = readDatabaseConfig(process.env);
  let embedded: EmbeddedDatabase | null = null;
  let url = database.url ?? runningEmbeddedUrl(database.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres(database.dataDir, { quiet: true });
    url = embedded.url;
  }
  try {
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // pg_dump only for a database of one's own (DATABASE_URL): the embedded one's backup is the app's own format,
      // which any installation of the app restores.
      let why: string;
      if (format === 'own') why = '--format=own';
      else if (!database.url && format !== 'pg_dump') why = 'the embedded database (DATABASE_URL unset)';
      else {
        const choice = await findPgTools(url);
        if (choice.tools) {
          const out = file ?? `classlane-${stamp}.dump`;
          const r = await backupWithPgDump(url, out, choice.tools);
          console.log(
            `Backed up the database with pg_dump ${choice.tools.version} (custom format; npm run db:restore or pg_restore reads it) ` +
              `to ${out}: ${size(r.bytes)} in ${seconds(r.ms)}`,
          );
          return;
        }
        if (format === 'pg_dump') throw new Error(`--format=pg_dump: ${choice.reason}.`);
        why = choice.reason;
      }
      const out = file ?? `classlane-${stamp}.backup.gz`;
      const r = await backupDatabase(url, out);
      const rows = r.manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `Backed up ${rows} rows of ${r.manifest.tables.length} tables (schema at ${r.manifest.migrations.at(-1) ?? 'no migration'}) ` +
          `to ${out}: ${size(r.bytes)} in ${seconds(r.ms)}, in the app's own format (${why})`,
      );
    } else {
      const r = await restoreDatabase(url, file!, { force });
      const newer = r.migratedAfter ? `, then ran ${r.migratedAfter} newer migrations` : '';
      if (r.manifest) {
        console.log(
          `Restored ${r.rows} rows of ${r.tables} tables from ${file} (the app's own format ${r.manifest.version}, taken ` +
            `${r.manifest.createdAt}), every table's row count and checksum verified${newer}, in ${seconds(r.ms)}`,
        );
      } else {
        console.log(
          `Restored ${r.tables} tables from ${file} with ${r.tool} (custom format) in one transaction${newer}, in ${seconds(r.ms)}`,
        );
      }
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
