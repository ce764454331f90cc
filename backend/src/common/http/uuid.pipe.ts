import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** A malformed id can name no record: answer 404 like any unknown id, never a database error. */
export const UuidParam = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Record not found') });
