// `npm run db:retention`: runs every retention rule now (modules/retention), on the database at DATABASE_URL or the
// embedded one in DATA_DIR (the running server's, or started for the occasion), and prints what each deleted. The
// same code as the nightly job, with its leases: a rule another instance is running at this moment is skipped.
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { readDatabaseConfig } from './config/database.config';
import { RetentionService } from './modules/retention/retention.service';
import { runMigrations } from './database/data-source';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded';

async function main(): Promise<void> {
  const database = readDatabaseConfig(process.env);
  let embedded: EmbeddedDatabase | null = null;
  let url = database.url ?? runningEmbeddedUrl(database.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres(database.dataDir, { quiet: true });
    url = embedded.url;
  }
  // No timers of the server's jobs in this process: it runs the one thing it was asked for and stops.
  Object.assign(process.env, { DATABASE_URL: url, JOBS_ENABLED: 'false' });
  try {
    await runMigrations(url);
    const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
    try {
      const runs = await app.get(RetentionService).run({ force: true });
      for (const r of runs) console.log(`${r.rule}: ${r.deleted} rows older than ${r.days} days (before ${r.cutoff}) deleted`);
      if (!runs.length) console.log('Every rule is being run by another instance right now; nothing done here.');
    } finally {
      await app.close();
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
