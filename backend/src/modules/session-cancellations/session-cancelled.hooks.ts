import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A session the organization cancelled, as the hooks are told it. */
export interface CancelledSession {
  organizationId: string;
  classId: string;
  sessionId: string;
}

/**
 * What another module does when the organization cancels a session (the makeups module grants each student holding a
 * seat in it a make-up token when its policy says so). It runs inside the cancel's transaction, with its
 * EntityManager, after the session is marked cancelled: the cancel and what it gives commit together.
 */
export interface SessionCancelledHook {
  sessionCancelled(manager: EntityManager, session: CancelledSession): Promise<void>;
}

/** Where modules above this one register their hook (in `onModuleInit`, like SeatsFreedHooks). */
@Injectable()
export class SessionCancelledHooks {
  private readonly hooks: SessionCancelledHook[] = [];

  register(hook: SessionCancelledHook): void {
    this.hooks.push(hook);
  }

  async run(manager: EntityManager, session: CancelledSession): Promise<void> {
    for (const hook of this.hooks) await hook.sessionCancelled(manager, session);
  }
}
