import { BadRequestException, Body, Controller, ForbiddenException, Get, HttpCode, Post, Query, UseFilters } from '@nestjs/common';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { Type } from 'class-transformer';
import { ApiConsumes, ApiForbiddenResponse, ApiOperation } from '@nestjs/swagger';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { HTML } from '../../common/http/html-page';
import { ApiRawReply, ErrorEnvelopeDto } from '../../common/openapi/api-envelope';
import { RatingLinks } from './rating-links';
import { RatingPageFilter } from './rating-page.filter';
import { RATING_LINK_NO_LONGER_VALID, RATING_LINK_NOT_VALID, ratingChoicePage, ratingThanksPage } from './rating-pages';
import { RatingsService } from './ratings.service';

const REFUSALS =
  "A browser (Accept: text/html) gets the 'Link not valid' page with the status (400: a changed, unknown or malformed link; " +
  '403: the student is not or no longer in the class); other clients the error envelope.';
const NOT_IN_CLASS = ApiForbiddenResponse({ description: 'The student is not (or no longer) in the class', type: ErrorEnvelopeDto });

/** The fields of a rating link (its query) and of the rating page's form (its body). */
export class RatingQuery {
  @IsUUID('all', { message: 'class must be an id' }) class: string;
  @IsUUID('all', { message: 'student must be an id' }) student: string;
  @Type(() => Number) @IsIn([1, 2, 3, 4, 5], { message: 'rating must be 1 to 5' }) rating: number;
  @IsString() @MaxLength(100) sig: string;
}

/**
 * The rating links of the 'How was {className}?' message. The signature proves the link was issued for
 * this class, student and score. A link's GET only shows the choice with a button: mail scanners and link previews
 * open every link of a message, and the last of the five they fetched would otherwise become the student's rating.
 * The button's POST records it; one rating per student and class, a later one replaces it.
 */
@Public()
@UseFilters(RatingPageFilter)
@Controller('ratings')
export class RatingsController {
  constructor(
    private readonly links: RatingLinks,
    private readonly ratings: RatingsService,
  ) {}

  @ApiOperation({
    summary: 'The page a rating link opens: the chosen score with a button (and the other scores); records nothing',
    description: REFUSALS,
  })
  @ApiRawReply('text/html', '<!doctype html><html>…How was Pottery?…Send my rating: 4 out of 5…</html>')
  @NOT_IN_CLASS
  @Get()
  async page(@Query() q: RatingQuery) {
    this.verify(q);
    const found = await this.ratings.choice(q.class, q.student);
    if (!found) throw new ForbiddenException(RATING_LINK_NO_LONGER_VALID);
    const page = ratingChoicePage(found.title, { classId: q.class, studentId: q.student, rating: q.rating }, found.current, (r) =>
      this.links.sign(q.class, q.student, r),
    );
    return new RawReply(page, HTML);
  }

  @ApiOperation({
    summary: "The rating page's button: records the score (the same score again changes nothing, another replaces it)",
    description: REFUSALS,
  })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiRawReply('text/html', '<!doctype html><html>…Thank you!…</html>')
  @NOT_IN_CLASS
  @Post()
  @HttpCode(200)
  async rate(@Body() form: RatingQuery) {
    this.verify(form);
    const title = await this.ratings.rate(form.class, form.student, form.rating);
    if (title === null) throw new ForbiddenException(RATING_LINK_NO_LONGER_VALID);
    return new RawReply(ratingThanksPage(title, form.rating), HTML);
  }

  private verify(q: RatingQuery) {
    if (!this.links.verify(q.class, q.student, q.rating, q.sig)) throw new BadRequestException(RATING_LINK_NOT_VALID);
  }
}
