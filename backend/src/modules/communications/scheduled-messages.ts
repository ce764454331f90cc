import { Injectable } from '@nestjs/common';

/**
 * Messages another module queues on a clock rather than in answer to a request (class reminders: the registration
 * module). The communications job runs every source at most once a minute, before it dispatches, so what becomes
 * due is sent in the same round. `queueDue` must be safe to run on several instances at once (dedupe keys).
 */
export interface ScheduledMessageSource {
  /** Names the source in the job's log line when it fails. */
  readonly name: string;
  /** Queues what is due now; answers how many new messages were queued. */
  queueDue(now?: Date): Promise<number>;
}

/** Where modules register their sources (in `onModuleInit`, like StripeEventHandlers). */
@Injectable()
export class ScheduledMessageSources {
  private readonly sources: ScheduledMessageSource[] = [];

  register(source: ScheduledMessageSource): void {
    this.sources.push(source);
  }

  all(): readonly ScheduledMessageSource[] {
    return this.sources;
  }
}
