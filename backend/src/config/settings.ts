import { appConfig, readAppConfig } from './app.config';
import { authConfig, readAuthConfig } from './auth.config';
import type { AllConfigType } from './config.type';
import { communicationsConfig, readCommunicationsConfig } from './communications.config';
import { databaseConfig, readDatabaseConfig } from './database.config';
import { integrationsConfig, readIntegrationsConfig } from './integrations.config';
import { jobsConfig, readJobsConfig } from './jobs.config';
import { readSendgridConfig, sendgridConfig } from './sendgrid.config';
import { readRetentionConfig, retentionConfig } from './retention.config';
import { readStripeConfig, stripeConfig } from './stripe.config';
import { readTwilioConfig, twilioConfig } from './twilio.config';

/** Every concern's registerAs, for ConfigModule.forRoot({ load }). */
export const CONFIG_LOADERS = [
  appConfig,
  databaseConfig,
  authConfig,
  stripeConfig,
  sendgridConfig,
  twilioConfig,
  jobsConfig,
  communicationsConfig,
  integrationsConfig,
  retentionConfig,
];

/**
 * Every concern read and validated at once, outside Nest (main.ts before the app exists, tests): the
 * same functions the registerAs loaders call, so a bad value fails with the same message either way.
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): AllConfigType {
  return {
    app: readAppConfig(env),
    database: readDatabaseConfig(env),
    auth: readAuthConfig(env),
    stripe: readStripeConfig(env),
    sendgrid: readSendgridConfig(env),
    twilio: readTwilioConfig(env),
    jobs: readJobsConfig(env),
    communications: readCommunicationsConfig(env),
    integrations: readIntegrationsConfig(env),
    retention: readRetentionConfig(env),
  };
}
