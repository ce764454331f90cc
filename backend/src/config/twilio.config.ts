import { registerAs } from '@nestjs/config';
import { IsUrl } from 'class-validator';
import { IsSetInEnv, str, validateEnv } from './env';

/** SMS. Live only when accountSid, authToken and fromNumber are all set; otherwise the log provider. */
export interface TwilioConfig {
  accountSid: string | null;
  authToken: string | null;
  fromNumber: string | null;
  /** Replaces https://api.twilio.com for every request the SDK makes (a stand-in in tests). */
  apiBase: string | null;
}

class TwilioEnvValidator {
  @IsSetInEnv()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'TWILIO_API_BASE must be a URL such as http://127.0.0.1:12112' })
  TWILIO_API_BASE?: string;
}

export function readTwilioConfig(env: NodeJS.ProcessEnv): TwilioConfig {
  validateEnv(env, TwilioEnvValidator);
  return {
    accountSid: str(env.TWILIO_ACCOUNT_SID),
    authToken: str(env.TWILIO_AUTH_TOKEN),
    fromNumber: str(env.TWILIO_FROM_NUMBER),
    apiBase: str(env.TWILIO_API_BASE),
  };
}

export const twilioConfig = registerAs('twilio', () => readTwilioConfig(process.env));
