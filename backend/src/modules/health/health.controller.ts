import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/roles';
import type { AllConfigType } from '../../config/config.type';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { ShutdownState } from '../../common/http/shutdown';
import { simpleQuery } from '../../common/db/prepared';
import { HealthResponseDto, LiveResponseDto, ReadyResponseDto } from './dto/health.response';

/**
 * Real checks: the database answers a query; providers report whether they are configured. The one
 * `SELECT 1` stays here on purpose: it reads no table, so no module's repository owns it.
 */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: ConfigService<AllConfigType>,
    private readonly shutdown: ShutdownState,
  ) {}

  /** Which providers are configured: fixed once the app has started, so read from the configuration once. */
  private providers?: { email: string; sms: string; payments: string };

  /** Once every migration has been seen applied it stays so for the life of the process: asked once, then remembered. */
  private migrationsApplied = false;

  @ApiEnvelope(LiveResponseDto)
  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @ApiEnvelope(ReadyResponseDto)
  @ApiEnvelope(ReadyResponseDto, {
    status: 503,
    description: 'Draining (shutting down), the database does not answer, or migrations are pending',
  })
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: FastifyReply) {
    const draining = this.shutdown.isDraining;
    let database: 'up' | 'down' = 'up';
    let migrations: 'applied' | 'pending' | 'unknown' = 'unknown';
    if (!draining) {
      try {
        await this.db.query('SELECT 1');
        if (!this.migrationsApplied) this.migrationsApplied = !(await this.db.showMigrations());
        migrations = this.migrationsApplied ? 'applied' : 'pending';
      } catch {
        database = 'down';
      }
    }
    const ready = !draining && database === 'up' && migrations === 'applied';
    if (!ready) void res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ready' : draining ? 'draining' : 'unavailable', database, migrations };
  }

  @ApiEnvelope(HealthResponseDto)
  @ApiEnvelope(HealthResponseDto, { status: 503, description: 'The database does not answer' })
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) res: FastifyReply) {
    const started = Date.now();
    let database: 'up' | 'down' = 'up';
    try {
      // On the pool, as the bare text: TypeORM's query runner (created and released per call) cost more than the
      // round trip's own Node work on the busiest route there is, and a statement without parameters gains nothing
      // from being prepared (pg copies a query object per call and sends four messages instead of one).
      await simpleQuery(this.db, 'SELECT 1');
    } catch {
      database = 'down';
      void res.status(HttpStatus.SERVICE_UNAVAILABLE);
    }
    const providers = (this.providers ??= {
      email: this.config.getOrThrow('sendgrid', { infer: true }).apiKey ? 'sendgrid' : 'log',
      sms: this.smsConfigured() ? 'twilio' : 'log',
      payments: this.paymentsConfigured() ? 'stripe' : 'unconfigured',
    });
    return {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      databaseLatencyMs: Date.now() - started,
      email: providers.email,
      sms: providers.sms,
      payments: providers.payments,
      time: new Date(),
    };
  }

  private smsConfigured() {
    const twilio = this.config.getOrThrow('twilio', { infer: true });
    return Boolean(twilio.accountSid && twilio.authToken);
  }

  private paymentsConfigured() {
    const stripe = this.config.getOrThrow('stripe', { infer: true });
    return Boolean(stripe.secretKey && stripe.publishableKey);
  }
}
