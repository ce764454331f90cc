import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { NestFactory } from '@nestjs/core';
import fs from 'node:fs';
import path from 'node:path';
import { AppModule } from './app.module';
import { API_PREFIX, API_PREFIX_OPTIONS, repoRoot } from './app.setup';
import { createOpenApiDocument, serializeOpenApiDocument } from './common/openapi/openapi';
import { webhookDocument } from './modules/webhooks/webhook-payloads';
import { ERROR_CODES } from './error-codes';

/**
 * Writes docs/openapi.json from the controllers and DTOs without a database: Nest's preview mode builds the
 * module graph without instantiating any provider (no TypeORM connection). `npm run api:types` runs this
 * and then openapi-typescript; test/api/openapi.e2e-spec.ts checks the file equals what the running app serves.
 */
async function main() {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
  const out = process.argv[2] ?? path.join(repoRoot(), 'docs', 'openapi.json');
  fs.writeFileSync(out, serializeOpenApiDocument(createOpenApiDocument(app, { ...webhookDocument(), errorCodes: ERROR_CODES })));
  process.stdout.write(`OpenAPI document written to ${path.relative(process.cwd(), out) || out}\n`);
  await app.close();
}

void main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
