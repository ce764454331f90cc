import { Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../../common/auth/api-key';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys (the plan feature apiAccess): the keys themselves and the ApiKeyAuthenticator the global auth guard
 * checks a `cl_live_` Bearer credential with. A request hook (installApiKeyActor) names the key in what its requests record.
 */
@Module({
  imports: [SubscriptionsModule, RateLimitsModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysRepository, ApiKeysService, { provide: ApiKeyAuthenticator, useExisting: ApiKeysService }],
  exports: [ApiKeyAuthenticator],
})
export class ApiKeysModule {}
