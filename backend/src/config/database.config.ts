import { registerAs } from '@nestjs/config';
import path from 'node:path';
import { IsSetInEnv, IsPositiveIntEnv, positiveInt, str, validateEnv } from './env';

/** PostgreSQL. The embedded server's password is generated per data directory (database/embedded.ts). */
export interface DatabaseConfig {
  /** null: main.ts starts the embedded PostgreSQL and sets DATABASE_URL before the app boots. */
  url: string | null;
  dataDir: string;
  poolSize: number;
  /**
   * The port the embedded PostgreSQL asks for first (EMBEDDED_DB_PORT, default 54320; a free one when it is taken).
   * Two servers started at the same moment on one machine (the end-to-end lanes) each name their own, so they never
   * both find the default free and then race for it.
   */
  embeddedPort: number;
}

class DatabaseEnvValidator {
  @IsSetInEnv() @IsPositiveIntEnv('DATABASE_POOL_SIZE') DATABASE_POOL_SIZE?: string;
  @IsSetInEnv() @IsPositiveIntEnv('EMBEDDED_DB_PORT') EMBEDDED_DB_PORT?: string;
}

/** The data directory: the embedded database, its password and the generated JWT secret live here. */
export const dataDirOf = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR ?? '.data');

export function readDatabaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig {
  validateEnv(env, DatabaseEnvValidator);
  return {
    url: str(env.DATABASE_URL),
    dataDir: dataDirOf(env),
    poolSize: positiveInt(env, 'DATABASE_POOL_SIZE', 10),
    embeddedPort: positiveInt(env, 'EMBEDDED_DB_PORT', 54320),
  };
}

export const databaseConfig = registerAs('database', () => readDatabaseConfig(process.env));
