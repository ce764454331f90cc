import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ActivityEventEntity, type ActivityEventType } from './activity-event.entity';

/**
 * The server records activity itself when the underlying action happens (spec README decision 9).
 * Pass the transaction's manager so the event commits or rolls back with the action.
 */
@Injectable()
export class ActivityService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(
    organizationId: string,
    eventType: ActivityEventType,
    description: string,
    metadata: Record<string, unknown> = {},
    manager: EntityManager = this.db.manager,
  ): Promise<void> {
    await manager.insert(ActivityEventEntity, { organizationId, eventType, description, metadata: metadata as never, eventDate: new Date() });
  }

  async latest(organizationId: string, limit: number) {
    return this.db.getRepository(ActivityEventEntity).find({
      where: { organizationId },
      order: { eventDate: 'DESC' },
      take: limit,
    });
  }
}
