import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { ClassMilestonesRepository, type DueClass } from './class-milestones.repository';
import { RatingLinks } from './rating-links';

/**
 * `class_started` and `class_completion`: recorded by the server when a class's first session
 * begins and its last one ends. Each run claims a batch of due classes with FOR UPDATE SKIP LOCKED (two instances
 * never take the same class) and marks it in class_milestones in the same transaction as the event, so an event is
 * recorded once per class whatever crashes or runs twice. Cancelled and archived classes are skipped.
 * The completion also queues the 'How was {className}?' email of every enrolled student in the communications
 * outbox (one per student and class), which carries the signed one-click rating links.
 */
@Injectable()
export class ClassMilestonesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: ClassMilestonesRepository,
    private readonly activity: ActivityService,
    private readonly links: RatingLinks,
    private readonly config: ConfigService<AllConfigType>,
    private readonly communications: CommunicationsService,
  ) {}

  async run(now = new Date(), batch = 100): Promise<{ started: number; completed: number }> {
    const started = await this.claim('started', now, batch);
    const completed = await this.claim('completed', now, batch);
    return { started, completed };
  }

  private claim(kind: 'started' | 'completed', now: Date, batch: number): Promise<number> {
    return this.db.transaction(async (manager) => {
      const rows = await this.repo.claimDue(manager, kind, now, batch);
      let n = 0;
      for (const c of rows) {
        if (!(await this.repo.mark(manager, c, kind, now))) continue;
        const meta = { classId: c.id, className: c.title, instructor: c.instructor, studentsCount: c.studentsCount };
        if (kind === 'started') {
          await this.activity.record(c.organizationId, 'class_started', `${c.title} started`, meta, manager);
        } else {
          await this.activity.record(c.organizationId, 'class_completion', `${c.title} was completed`, meta, manager);
          await this.queueRatingRequests(manager, c);
        }
        n += 1;
      }
      return n;
    });
  }

  /**
   * One 'How was {className}?' email per active student of the class, with five signed one-click links, queued in
   * the communications outbox in the completion's transaction (its dedupe key keeps it to one per student and class).
   */
  private async queueRatingRequests(manager: EntityManager, c: DueClass) {
    const students = await this.repo.activeStudents(manager, c.id);
    const base = this.config.getOrThrow('app', { infer: true }).publicUrl;
    for (const s of students) {
      const links = [1, 2, 3, 4, 5].map((r) => this.links.url(base, c.id, s.id, r));
      await this.communications.queueRatingRequest(
        manager,
        {
          organizationId: c.organizationId,
          classId: c.id,
          studentId: s.id,
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          phone: s.phone,
        },
        links,
      );
    }
  }
}
