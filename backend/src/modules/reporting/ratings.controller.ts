import { Controller, Get, Query } from '@nestjs/common';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { Type } from 'class-transformer';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { RatingLinks } from './rating-links';
import { RatingsService } from './ratings.service';

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
 * The one-click rating link of the 'How was {className}?' message. The signature proves the link
 * was issued for this class, student and score; one rating per student and class, a later click replaces it.
 */
@Public()
@Controller('ratings')
export class RatingsController {
  constructor(
    private readonly links: RatingLinks,
    private readonly ratings: RatingsService,
  ) {}

  @ApiRawReply('text/html', '<!doctype html><html>…Thank you!…</html>')
  @Get()
  async rate(@Query() q: RatingQuery) {
    if (!this.links.verify(q.class, q.student, q.rating, q.sig))
      return new RawReply(
        page('Link not valid', 'This rating link is not valid. Please use the link from your email.'),
        'text/html; charset=utf-8',
      );
    const title = await this.ratings.rate(q.class, q.student, q.rating);
    if (title === null) return new RawReply(page('Link not valid', 'This rating link is no longer valid.'), 'text/html; charset=utf-8');
    return new RawReply(
      page('Thank you!', `You rated ${escape(title)} ${q.rating} out of 5. You can close this page.`),
      'text/html; charset=utf-8',
    );
  }
}
