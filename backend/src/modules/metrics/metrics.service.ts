import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { jobRuns } from '../../common/jobs/job-runs';
import { MetricsRepository, type OutboxRow, type StripeEventsRow } from './metrics.repository';

/**
 * The Prometheus metrics of this instance (prom-client), in a registry of its own. Request durations are observed as
 * requests end (metrics.http.ts); everything read from the database is read when Prometheus scrapes, so an idle
 * instance does no work for them.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(
    private readonly repo: MetricsRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    // Read at scrape time. prom-client collects all metrics of a scrape at once, so the gauges of one table share
    // one read (`perScrape`) rather than each running its query. A failed read leaves the gauges as they were.
    const outbox = perScrape(() => repo.outbox());
    const outboxGauge = (name: string, help: string, pick: (r: OutboxRow | undefined) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['channel'],
        registers,
        collect: async function () {
          const rows = await outbox().catch(() => null);
          if (rows) for (const channel of ['email', 'sms']) this.set({ channel }, pick(rows.find((r) => r.channel === channel)));
        },
      });
    outboxGauge('classlane_outbox_pending', 'Messages waiting to be sent (pending or sending), by channel', (r) => r?.pending ?? 0);
    outboxGauge(
      'classlane_outbox_oldest_due_age_seconds',
      'How long the oldest due unsent message has been due, by channel (0 when none is due)',
      (r) => Math.max(0, r?.oldest_due_seconds ?? 0),
    );
    const events = perScrape(() => repo.stripeEvents());
    const eventsGauge = (name: string, help: string, pick: (s: StripeEventsRow) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect: async function () {
          const row = await events().catch(() => null);
          if (row) this.set(pick(row));
        },
      });
    eventsGauge('classlane_stripe_events_received', 'Stripe events stored (webhook or reconciliation)', (e) => e.received);
    eventsGauge('classlane_stripe_events_pending', 'Stripe events not processed yet', (e) => e.pending);
    eventsGauge('classlane_stripe_events_failed', 'Unprocessed Stripe events whose last attempt failed', (e) => e.failed);
    eventsGauge('classlane_stripe_events_oldest_unprocessed_age_seconds', 'Age of the oldest unprocessed Stripe event (0 when none)', (e) =>
      Math.max(0, e.oldest_unprocessed_seconds ?? 0),
    );
    new Gauge({
      name: 'classlane_seat_holds_open',
      help: 'Card seat holds open (a seat held while the payment is in progress)',
      registers,
      collect: async function () {
        this.set(await repo.seatHoldsOpen().catch(() => 0));
      },
    });
    const pool = () => (db.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: 'classlane_db_pool_connections',
      help: 'Database pool connections by state (in use, idle, and requests waiting for one)',
      labelNames: ['state'],
      registers,
      collect: function () {
        const p = pool();
        if (!p) return;
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
    // Jobs: from this process's record (synchronous, so each gauge reads it itself).
    new Gauge({
      name: 'classlane_job_last_success_timestamp_seconds',
      help: 'When each job last finished a run without error',
      labelNames: ['job'],
      registers,
      collect: function () {
        for (const [job, r] of jobRuns()) if (r.lastSuccessAt) this.set({ job }, r.lastSuccessAt / 1000);
      },
    });
    new Gauge({
      name: 'classlane_job_last_duration_seconds',
      help: 'How long the last run of each job took',
      labelNames: ['job'],
      registers,
      collect: function () {
        for (const [job, r] of jobRuns()) this.set({ job }, r.lastDurationMs / 1000);
      },
    });
    // A counter in Prometheus terms (only goes up), kept as the process's running total.
    new Counter({
      name: 'classlane_job_failures_total',
      help: 'Failed runs of each job in this process',
      labelNames: ['job'],
      registers,
      collect: function () {
        this.reset();
        for (const [job, r] of jobRuns()) this.inc({ job }, r.failures);
      },
    });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** One call of `read` shared by every caller within `ms` (one scrape), so a scrape runs each query once. */
function perScrape<T>(read: () => Promise<T>, ms = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > ms) last = { at: Date.now(), value: read() };
    return last.value;
  };
}
