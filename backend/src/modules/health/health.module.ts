import { Module } from '@nestjs/common';
import { ShutdownState } from '../../common/http/shutdown';
import { HealthController } from './health.controller';

/** Health, liveness and readiness; owns the instance's draining state (SIGTERM), which readiness reports. */
@Module({ controllers: [HealthController], providers: [ShutdownState], exports: [ShutdownState] })
export class HealthModule {}
