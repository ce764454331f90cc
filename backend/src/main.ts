import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { configureApp, createHttpAdapter } from './app.setup';
import { AppLogger } from './common/http/app-logger';
import { gracefulShutdown } from './common/http/shutdown';
import { demoWarning } from './config/app.config';
import { loadSettings } from './config/settings';
import { runMigrations } from './database/data-source';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded';
import { DEMO_ADMIN_EMAIL, DEMO_ORG_ID, DEMO_PASSWORD, DEMO_PLAN_NAME, DEMO_TEACHER_EMAIL, seedDemo } from './database/seeds/demo.seed';

async function bootstrap() {
  const logger = new Logger('Classlane');
  const { app: settings, database, auth } = loadSettings();
  let embedded: EmbeddedDatabase | null = null;
  if (!database.url) {
    embedded = await startEmbeddedPostgres(database.dataDir, { quiet: true, port: database.embeddedPort });
    process.env.DATABASE_URL = embedded.url;
    logger.log(`Embedded PostgreSQL started (data in ${database.dataDir})`);
  }
  const stopDatabase = async () => {
    if (embedded) {
      await embedded.stop().catch((e) => logger.error(`Stopping PostgreSQL failed: ${e}`));
      embedded = null;
    }
  };
  try {
    await runMigrations(process.env.DATABASE_URL!);
    const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(settings), {
      bodyParser: false,
      // The exact bytes of JSON bodies in req.rawBody: the Stripe webhook verifies its signature on them.
      rawBody: true,
      logger: new AppLogger(),
    });
    await configureApp(app);
    if (settings.seedDemo && (await seedDemo(app.get(DataSource)))) logger.log('Seeded the demo organization');
    const warning = demoWarning(settings);
    if (warning) logger.warn(warning);
    // Every interface, IPv4 and IPv6, as Express listened (Fastify's default is localhost only; Docker needs more).
    await app.listen({ port: settings.port, host: '::', backlog: settings.listenBacklog });

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`${signal}: draining (readiness 503), finishing requests and job runs in flight, then stopping\n`);
      await gracefulShutdown(app, { delayMs: settings.shutdownDelayMs, timeoutMs: settings.shutdownTimeoutMs }).catch((e) =>
        logger.error(`Closing the app failed: ${e}`),
      );
      await stopDatabase();
      process.exit(0);
    };
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    const base = `http://localhost:${settings.port}`;
    process.stdout.write(
      [
        '',
        `  Classlane is running on ${base}`,
        `  Public site:   ${base}/   (demo organization: ${base}/org/${DEMO_ORG_ID})`,
        `  Admin app:     ${base}/admin`,
        `  Teacher mode:  ${base}/teacher`,
        `  API health:    ${base}/api/health`,
        settings.seedDemo ? `  Demo admin:    ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}` : '',
        settings.seedDemo ? `  Demo teacher:  ${DEMO_TEACHER_EMAIL} / ${DEMO_PASSWORD}` : '',
        settings.seedDemo
          ? `  Demo plan:     ${DEMO_PLAN_NAME}, complimentary (no Stripe billing), so every ${DEMO_PLAN_NAME} feature is on`
          : '',
        auth.platformAdminPassword ? `  IT admin:      ${auth.platformAdminUsername} / (PLATFORM_ADMIN_PASSWORD)` : '',
        warning ? `  ${warning}` : '',
        '',
      ]
        .filter((l, i, a) => l !== '' || i === 0 || i === a.length - 1)
        .join('\n') + '\n',
    );
  } catch (e) {
    logger.error(e instanceof Error ? e.stack : String(e));
    await stopDatabase();
    process.exit(1);
  }
}

void bootstrap();
