import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { HouseholdsRepository } from './households.repository';
import { StudentsRepository } from './students.repository';
import { StudentsService } from './students.service';

/**
 * The directory of people (`students`). It imports communications only to fill its recipient directory port; the
 * registration module (enrollments) sits above it and reaches people through StudentsService.
 */
@Module({
  imports: [CommunicationsModule, WebhooksModule],
  providers: [StudentsRepository, HouseholdsRepository, StudentsService],
  exports: [StudentsService],
})
export class StudentsModule {}
