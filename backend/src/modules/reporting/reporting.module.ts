import { Global, Module } from '@nestjs/common';
import { ActivityController } from './activity.controller';
import { ActivityService } from './activity.service';

/** Global: every feature records its activity events through ActivityService. */
@Global()
@Module({ controllers: [ActivityController], providers: [ActivityService], exports: [ActivityService] })
export class ReportingModule {}
