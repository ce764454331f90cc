import { Injectable, NotFoundException } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository';
import type { AnalyticsBatchDto } from './dto/analytics-event.dto';

/** A page's clock may be wrong: a timestamp far from the server's is replaced by the time of receipt. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AnalyticsService {
  constructor(private readonly repo: AnalyticsRepository) {}

  async record(batch: AnalyticsBatchDto): Promise<{ accepted: number }> {
    const now = Date.now();
    const rows = batch.events.map((e) => {
      const at = e.timestamp ? new Date(e.timestamp) : null;
      const occurredAt = at && Math.abs(at.getTime() - now) <= MAX_CLOCK_SKEW_MS ? at : new Date(now);
      return { organizationId: batch.organizationId ?? null, name: e.name, properties: e.properties ?? {}, occurredAt };
    });
    const accepted = await this.repo.insertMany(batch.organizationId ?? null, rows);
    if (accepted === 0) throw new NotFoundException('Organization not found');
    return { accepted };
  }
}
