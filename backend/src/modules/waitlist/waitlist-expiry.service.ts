import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClassesService } from '../classes/classes.service';
import { WaitlistOffersService } from './waitlist-offers.service';
import { WaitlistRepository } from './waitlist.repository';
import { Seats } from '../registration/seats';

const JOB_BATCH = 50;

/** The waitlist job's steps (waitlist.jobs.ts): offers that ran out, and free seats while people wait. */
@Injectable()
export class WaitlistExpiryService {
  constructor(
    private readonly repo: WaitlistRepository,
    private readonly offers: WaitlistOffersService,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Lapses offers past their expiry, one class per transaction: the class row is claimed with SKIP LOCKED (another
   * instance on it: skip), the offers re-read under it, and each lapsed seat released, which passes it to the next
   * person in the same transaction (or, with nobody waiting, to the public).
   */
  async lapseExpired(): Promise<number> {
    let lapsed = 0;
    for (const c of await this.repo.classesWithExpiredOffers(JOB_BATCH)) {
      lapsed += await this.db.transaction(async (m) => {
        if (!(await this.classes.lockSkipLocked(m, c.classId))) return 0;
        const expired = await this.repo.expiredOffers(m, c.classId);
        for (const e of expired) await this.repo.setStatus(m, e.id, 'lapsed');
        await this.classSeats.release(
          m,
          'offer',
          c.organizationId,
          expired.map(() => c.classId),
        );
        return expired.length;
      });
    }
    return lapsed;
  }

  /** Free seats while people wait (a crash between steps, a capacity raised outside the app): offered now. */
  async sweep(): Promise<number> {
    let offered = 0;
    for (const c of await this.repo.classesToFill(JOB_BATCH)) {
      offered += await this.db.transaction(async (m) => {
        if (!(await this.classes.lockSkipLocked(m, c.classId))) return 0;
        return this.offers.fill(m, c.organizationId, c.classId);
      });
    }
    return offered;
  }
}
