import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrganizationsService } from '../organizations/organizations.service';
import { type OutboundLimit, type OutboundLimits, OutboundLimitsService } from '../outbound-limits/outbound-limits.service';
import type { OutboundLimitResponseDto, OutboundLimitsResponseDto, UpdateOutboundLimitsDto } from './dto/outbound-limits.dto';
import type { StaffContext } from './it-admin.service';
import { StaffActions } from './staff-actions';

const limit = (l: OutboundLimit): OutboundLimitResponseDto => ({
  per_minute: l.perMinute,
  default_per_minute: l.defaultPerMinute,
  effective_per_minute: l.effectivePerMinute,
  used_this_minute: l.usedThisMinute,
});
const limits = (l: OutboundLimits): OutboundLimitsResponseDto => ({ messages: limit(l.messages), webhooks: limit(l.webhooks) });

/** Platform staff read and set an organization's outbound limits (messages and webhook deliveries per minute). */
@Injectable()
export class StaffOutboundLimits {
  constructor(
    private readonly actions: StaffActions,
    private readonly orgs: OrganizationsService,
    private readonly outbound: OutboundLimitsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  read(ctx: StaffContext, organizationId: string) {
    return this.actions.audited(ctx, 'organization.outbound_limits.read', organizationId, {}, async () => {
      await this.requireOrganization(organizationId);
      return { result: limits(await this.outbound.read(organizationId)) };
    });
  }

  update(ctx: StaffContext, organizationId: string, change: UpdateOutboundLimitsDto) {
    return this.actions.audited(ctx, 'organization.outbound_limits.update', organizationId, { ...change }, async () => {
      const org = await this.requireOrganization(organizationId);
      const done = await this.db.transaction(async (m) => {
        const before = await this.outbound.read(organizationId, m);
        const after = await this.outbound.update(
          organizationId,
          { messagesPerMinute: change.messages_per_minute, webhooksPerMinute: change.webhooks_per_minute },
          m,
        );
        return { before, after };
      });
      return {
        result: limits(done.after),
        detail: {
          before: { messages: done.before.messages.perMinute, webhooks: done.before.webhooks.perMinute },
          after: { messages: done.after.messages.perMinute, webhooks: done.after.webhooks.perMinute },
        },
        message: `${org.name} may now send ${done.after.messages.effectivePerMinute} messages and ${done.after.webhooks.effectivePerMinute} webhook deliveries a minute.`,
      };
    });
  }

  private async requireOrganization(id: string) {
    const org = await this.orgs.findById(id);
    if (!org) throw new NotFoundException(`Organization ${id} not found`);
    return org;
  }
}
