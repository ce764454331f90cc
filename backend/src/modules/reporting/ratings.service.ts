import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { RatingsRepository } from './ratings.repository';

/** One rating per student and class, given through a signed link; a later one replaces it. */
@Injectable()
export class RatingsService {
  constructor(
    private readonly repo: RatingsRepository,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** What the rating page shows (reads only): the class's title and the student's rating so far; null when not enrolled. */
  async choice(classId: string, studentId: string): Promise<{ title: string; current: number | null } | null> {
    const e = await this.repo.activeEnrollment(this.db.manager, classId, studentId);
    return e && { title: e.title, current: e.currentRating };
  }

  /**
   * The class's title once recorded; null when the student is not (or no longer) enrolled. Sending the same rating
   * again changes nothing (no second activity event); another one replaces it.
   */
  rate(classId: string, studentId: string, rating: number): Promise<string | null> {
    return this.db.transaction(async (manager) => {
      const e = await this.repo.activeEnrollment(manager, classId, studentId);
      if (!e) return null;
      const changed = await this.repo.upsertRating(manager, e.organizationId, classId, studentId, rating);
      if (changed)
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
