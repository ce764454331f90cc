import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SessionCancelledHooks, type CancelledSession, type SessionCancelledHook } from '../session-cancellations/session-cancelled.hooks';
import { AbsencesService } from './absences.service';

/**
 * A session the organization cancels gives its students make-up tokens when the admin chose that remedy, or, when the
 * admin left it to the policy, when the policy says so (issue 41 §3, issue 39 §1).
 */
@Injectable()
export class CancelledSessionTokens implements SessionCancelledHook, OnModuleInit {
  constructor(
    private readonly hooks: SessionCancelledHooks,
    private readonly absences: AbsencesService,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  async sessionCancelled(m: EntityManager, s: CancelledSession): Promise<{ tokensTo: string[] }> {
    if (s.makeupTokens === 'never') return { tokensTo: [] };
    const tokensTo = await this.absences.sessionCancelled(m, s.organizationId, s.classId, s.sessionId, s.makeupTokens === 'always');
    return { tokensTo };
  }
}
