import { registerAs } from '@nestjs/config';
import { IsUrl } from 'class-validator';
import { IsSetInEnv, str, validateEnv } from './env';

/** Email (modules/message-providers/email.sender.ts). Without apiKey emails go to the server log. */
export interface SendgridConfig {
  apiKey: string | null;
  from: string;
  /** Replaces https://api.sendgrid.com (a stand-in in tests). */
  apiUrl: string | null;
}

class SendgridEnvValidator {
  @IsSetInEnv()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'SENDGRID_API_URL must be a URL such as http://127.0.0.1:12113' })
  SENDGRID_API_URL?: string;
}

export function readSendgridConfig(env: NodeJS.ProcessEnv): SendgridConfig {
  validateEnv(env, SendgridEnvValidator);
  return {
    apiKey: str(env.SENDGRID_API_KEY),
    from: str(env.SENDGRID_FROM) ?? 'no-reply@classlane.local',
    apiUrl: str(env.SENDGRID_API_URL),
  };
}

export const sendgridConfig = registerAs('sendgrid', () => readSendgridConfig(process.env));
