import { Global, Module } from '@nestjs/common';
import { ActivityRetentionRepository } from './activity-retention.repository';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityEventEntity } from './activity-event.entity';
import { ActivityController } from './activity.controller';
import { ActivityRepository } from './activity.repository';
import { ActivityService } from './activity.service';

/** The activity log. Global: every feature records its events through ActivityService; reports read it there. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ActivityEventEntity])],
  controllers: [ActivityController],
  providers: [ActivityRetentionRepository, ActivityRepository, ActivityService],
  exports: [ActivityService],
})
export class ActivityModule {}
