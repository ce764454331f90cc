import { registerAs } from '@nestjs/config';
import path from 'node:path';
import { IsSetInEnv, IsPositiveIntEnv, positiveInt, str, validateEnv } from './env';

/** PostgreSQL. The embedded server's password is generated per data directory (database/embedded.ts). */
export interface DatabaseConfig {
  /** null: main.ts starts the embedded PostgreSQL and sets DATABASE_URL before the app boots. */
  url: string | null;
  dataDir: string;
  poolSize: number;
}

class DatabaseEnvValidator {
  @IsSetInEnv() @IsPositiveIntEnv('DATABASE_POOL_SIZE') DATABASE_POOL_SIZE?: string;
}

/** The data directory: the embedded database, its password and the generated JWT secret live here. */
export const dataDirOf = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR ?? '.data');

export function readDatabaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig {
  validateEnv(env, DatabaseEnvValidator);
  return { url: str(env.DATABASE_URL), dataDir: dataDirOf(env), poolSize: positiveInt(env, 'DATABASE_POOL_SIZE', 10) };
}

export const databaseConfig = registerAs('database', () => readDatabaseConfig(process.env));
