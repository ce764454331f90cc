import { Module } from '@nestjs/common';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';

/** Prometheus metrics (GET /metrics, off by default: see metrics.http.ts). */
@Module({ providers: [MetricsRepository, MetricsService], exports: [MetricsService] })
export class MetricsModule {}
