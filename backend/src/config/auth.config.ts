import { registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDirOf } from './database.config';
import { EnvCheck, IsSetInEnv, str, validateEnv } from './env';

export interface AuthConfig {
  jwtSecret: string;
  jwtExpiresIn: string;
  platformAdminUsername: string;
  /** The IT-admin portal account is created on first start only when this is set. */
  platformAdminPassword: string | null;
}

const JWT_SECRET_MESSAGE = 'JWT_SECRET must be at least 32 characters';

class AuthEnvValidator {
  @IsSetInEnv() @EnvCheck((raw) => raw.trim().length >= 32, () => JWT_SECRET_MESSAGE) JWT_SECRET?: string;
}

function persistentSecret(dataDir: string): string {
  // Without JWT_SECRET, a random secret is kept beside the embedded database so tokens survive restarts.
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function readAuthConfig(env: NodeJS.ProcessEnv): AuthConfig {
  validateEnv(env, AuthEnvValidator);
  const jwtSecret = str(env.JWT_SECRET) ?? persistentSecret(dataDirOf(env));
  if (jwtSecret.length < 32) throw new Error(JWT_SECRET_MESSAGE);
  return {
    jwtSecret,
    jwtExpiresIn: str(env.JWT_EXPIRES_IN) ?? '12h',
    platformAdminUsername: str(env.PLATFORM_ADMIN_USERNAME) ?? 'itadmin',
    platformAdminPassword: str(env.PLATFORM_ADMIN_PASSWORD),
  };
}

export const authConfig = registerAs('auth', () => readAuthConfig(process.env));
