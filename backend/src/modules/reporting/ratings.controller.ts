import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { Type } from 'class-transformer';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { ActivityService } from '../activity/activity.service';
import { RatingLinks } from './rating-links';

export class RatingQuery {
  @IsUUID('all', { message: 'class must be an id' }) class: string;
  @IsUUID('all', { message: 'student must be an id' }) student: string;
  @Type(() => Number) @IsIn([1, 2, 3, 4, 5], { message: 'rating must be 1 to 5' }) rating: number;
  @IsString() @MaxLength(100) sig: string;
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#15385F"><h1>${title}</h1><p>${text}</p></body></html>`;
const escape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one-click rating link of the 'How was {className}?' message (issue 12 §3). The signature proves the link
 * was issued for this class, student and score; one rating per student and class, a later click replaces it.
 */
@Public()
@Controller('ratings')
export class RatingsController {
  constructor(
    private readonly links: RatingLinks,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @ApiRawReply('text/html', '<!doctype html><html>…Thank you!…</html>')
  @Get()
  async rate(@Query() q: RatingQuery) {
    if (!this.links.verify(q.class, q.student, q.rating, q.sig))
      return new RawReply(
        page('Link not valid', 'This rating link is not valid. Please use the link from your email.'),
        'text/html; charset=utf-8',
      );
    const recorded = await this.db.transaction(async (manager) => {
      const [e] = await manager.query(
        `SELECT c.organization_id AS "organizationId", c.title, s.first_name || ' ' || s.last_name AS "studentName"
           FROM enrollments e JOIN classes c ON c.id = e.class_id JOIN students s ON s.id = e.student_id
          WHERE e.class_id = $1 AND e.student_id = $2 AND e.status = 'active' LIMIT 1`,
        [q.class, q.student],
      );
      if (!e) return null;
      await manager.query(
        `INSERT INTO satisfaction_ratings (organization_id, class_id, student_id, rating) VALUES ($1, $2, $3, $4)
         ON CONFLICT (class_id, student_id) DO UPDATE SET rating = EXCLUDED.rating, updated_at = now()`,
        [e.organizationId, q.class, q.student, q.rating],
      );
      await this.activity.record(
        e.organizationId,
        'satisfaction_rating',
        `${e.studentName} rated ${e.title} ${q.rating} out of 5`,
        { classId: q.class, className: e.title, studentId: q.student, studentName: e.studentName, satisfactionRating: q.rating },
        manager,
      );
      return e as { title: string };
    });
    if (!recorded) return new RawReply(page('Link not valid', 'This rating link is no longer valid.'), 'text/html; charset=utf-8');
    return new RawReply(
      page('Thank you!', `You rated ${escape(recorded.title)} ${q.rating} out of 5. You can close this page.`),
      'text/html; charset=utf-8',
    );
  }
}
