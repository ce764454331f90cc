import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { WaitingRoomService } from './waiting-room.service';

/** A line is deleted hours after its room is over: sweeping every 10 minutes keeps the table small, and costs nothing. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Deletes the opening lines whose room cannot be on any more (WaitingRoomService.sweepLines), every 10 minutes where
 * JOBS_ENABLED (every instance, in the supported setup). One DELETE: several instances sweeping at once is harmless.
 */
@Injectable()
export class WaitingRoomJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly waitingRoom: WaitingRoomService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'waiting-room-lines', 0, () => SWEEP_EVERY_MS);
  }

  protected async work(): Promise<number> {
    const deleted = await this.waitingRoom.sweepLines();
    if (deleted) this.logger.log(`Deleted ${deleted} waiting-room line(s) of past openings`);
    return deleted;
  }
}
