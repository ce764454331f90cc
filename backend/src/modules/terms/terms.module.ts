import { Module } from '@nestjs/common';
import { EarlyAccessTokens } from './early-access-tokens';
import { TermsController } from './terms.controller';
import { TermsRepository } from './terms.repository';
import { TermsService } from './terms.service';

/**
 * Terms (seasons): their dates and when registration opens and closes, and the signed early-access links. Sits with
 * the catalogue below classes, which belong to a term; the registration check and the early-access emails, which need
 * enrollments and the outbox, live in the registration module above.
 */
@Module({
  controllers: [TermsController],
  providers: [TermsRepository, TermsService, EarlyAccessTokens],
  exports: [TermsService, EarlyAccessTokens],
})
export class TermsModule {}
