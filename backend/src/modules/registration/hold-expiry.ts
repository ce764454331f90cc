import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CardEnrollmentsService } from './card-enrollments.service';
import { EnrollmentPaymentsPort } from './enrollment-payments';
import { TopUpSeats } from './top-up-seats';

const EXPIRY_BATCH = 100;

/**
 * The end of seats held for a payment that never came: a card hold (held enrollment) and a switch's top-up, each past
 * its hold time. One run claims a batch (SKIP LOCKED: two instances never take the same hold), ends each hold once
 * with its seat freed (offered to the waitlist in the same transaction), and cancels the PaymentIntents after the
 * commit. Run by the payments module's job.
 */
@Injectable()
export class HoldExpiry {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly port: EnrollmentPaymentsPort,
    private readonly topUpSeats: TopUpSeats,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Lapsed card holds released once, then their intents cancelled; answers how many were claimed. */
  async expireCardHolds(): Promise<number> {
    const released = await this.db.transaction(async (m) => {
      const claimed = await this.cards.claimExpiredHolds(m, EXPIRY_BATCH);
      await this.cards.expireMany(m, claimed);
      return claimed;
    });
    // A household's holds share one intent: cancelled once.
    for (const pi of new Set(released.map((h) => h.paymentIntentId))) if (pi) await this.port.payments.cancelIntent(pi);
    return released.length;
  }

  /** Lapsed top-up holds ended once, their seats freed, their intents cancelled; answers how many were claimed. */
  async expireTopUpHolds(): Promise<number> {
    const run = await this.db.transaction(async (m) => {
      const claimed = await this.port.payments.claimLapsedTopUps(m, EXPIRY_BATCH);
      const intents: string[] = [];
      for (const t of claimed) {
        const pi = await this.topUpSeats.end(m, t, 'expired');
        if (pi) intents.push(pi);
      }
      return { n: claimed.length, intents };
    });
    for (const pi of run.intents) await this.port.payments.cancelIntent(pi);
    return run.n;
  }
}
