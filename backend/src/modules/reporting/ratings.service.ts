import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ReportsRepository } from './reports.repository';

/** One rating per student and class, given through a signed link; a later click replaces it. */
@Injectable()
export class RatingsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The class's title when recorded; null when the student is not (or no longer) enrolled. */
  rate(classId: string, studentId: string, rating: number): Promise<string | null> {
    return this.db.transaction(async (manager) => {
      const e = await this.repo.activeEnrollment(manager, classId, studentId);
      if (!e) return null;
      await this.repo.upsertRating(manager, e.organizationId, classId, studentId, rating);
      await this.activity.record(
        e.organizationId,
        'satisfaction_rating',
        `${e.studentName} rated ${e.title} ${rating} out of 5`,
        { classId, className: e.title, studentId, studentName: e.studentName, satisfactionRating: rating },
        manager,
      );
      return e.title;
    });
  }
}
