import type { AppConfig } from './app.config';
import type { AuthConfig } from './auth.config';
import type { CommunicationsConfig } from './communications.config';
import type { DatabaseConfig } from './database.config';
import type { IntegrationsConfig } from './integrations.config';
import type { JobsConfig } from './jobs.config';
import type { RetentionConfig } from './retention.config';
import type { SendgridConfig } from './sendgrid.config';
import type { StripeConfig } from './stripe.config';
import type { TwilioConfig } from './twilio.config';

/** Read config as `ConfigService<AllConfigType>` with `{ infer: true }` (brocoders' config.type.ts). */
export type AllConfigType = {
  app: AppConfig;
  database: DatabaseConfig;
  auth: AuthConfig;
  stripe: StripeConfig;
  sendgrid: SendgridConfig;
  twilio: TwilioConfig;
  jobs: JobsConfig;
  communications: CommunicationsConfig;
  integrations: IntegrationsConfig;
  retention: RetentionConfig;
};
