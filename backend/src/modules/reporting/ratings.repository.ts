// The satisfaction ratings' own queries, kept apart from the reports' aggregates: the rating page and the dashboard use them.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The students' satisfaction ratings (this module's table): who may rate a class, recording a rating, and the
 * averages the dashboard shows. A read model of enrollments, classes and students (owned and written by their
 * modules) only to check that the student is enrolled and to name them in the activity log.
 */
@Injectable()
export class RatingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private q(manager?: EntityManager) {
    return manager ?? this.db.manager;
  }

  /** Ratings given in [from, to): the dashboard's satisfaction figures. */
  async ratingStats(organizationId: string, from: Date, to: Date, manager?: EntityManager) {
    const [row] = await this.q(manager).query(
      `SELECT avg(rating)::float AS average, count(*)::int AS n FROM satisfaction_ratings
        WHERE organization_id = $1 AND created_at >= $2 AND created_at < $3`,
      [organizationId, from, to],
    );
    return { average: row.average as number | null, count: row.n as number };
  }

  /** The student's active enrollment in the class, with what a rating's event names. */
  async activeEnrollment(manager: EntityManager, classId: string, studentId: string) {
    const [e] = await manager.query(
      `SELECT c.organization_id AS "organizationId", c.title, s.first_name || ' ' || s.last_name AS "studentName",
              (SELECT r.rating FROM satisfaction_ratings r WHERE r.class_id = $1 AND r.student_id = $2) AS "currentRating"
         FROM enrollments e JOIN classes c ON c.id = e.class_id JOIN students s ON s.id = e.student_id
        WHERE e.class_id = $1 AND e.student_id = $2 AND e.status = 'active' LIMIT 1`,
      [classId, studentId],
    );
    return (e ?? null) as { organizationId: string; title: string; studentName: string; currentRating: number | null } | null;
  }

  /** Records the rating; false when it was already this one (nothing written). */
  async upsertRating(manager: EntityManager, organizationId: string, classId: string, studentId: string, rating: number) {
    const rows: unknown[] = await manager.query(
      `INSERT INTO satisfaction_ratings (organization_id, class_id, student_id, rating) VALUES ($1, $2, $3, $4)
       ON CONFLICT (class_id, student_id) DO UPDATE SET rating = EXCLUDED.rating, updated_at = now()
         WHERE satisfaction_ratings.rating IS DISTINCT FROM EXCLUDED.rating
       RETURNING 1`,
      [organizationId, classId, studentId, rating],
    );
    return rows.length > 0;
  }
}
