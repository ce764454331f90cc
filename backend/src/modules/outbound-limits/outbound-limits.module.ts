import { Module } from '@nestjs/common';
import { OutboundBudget } from './outbound-budget';
import { OutboundLimitsRepository } from './outbound-limits.repository';
import { OutboundLimitsService } from './outbound-limits.service';

/**
 * Per-organization limits on outbound volume (messages and webhook deliveries per minute): the dispatchers of
 * communications and webhooks claim within them (OutboundBudget), platform staff read and set them (IT-admin portal).
 * Owns outbound_limits and outbound_usage.
 */
@Module({
  providers: [OutboundLimitsRepository, OutboundBudget, OutboundLimitsService],
  exports: [OutboundBudget, OutboundLimitsService],
})
export class OutboundLimitsModule {}
