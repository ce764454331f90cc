import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A session the organization cancelled, as the hooks are told it. */
export interface CancelledSession {
  organizationId: string;
  classId: string;
  sessionId: string;
  /**
   * Whether make-up tokens are given: by the make-up policy (the admin chose no remedy and the settings give no money
   * back), to every student (the admin chose a make-up token), or not at all (the admin chose another remedy).
   */
  makeupTokens: 'policy' | 'always' | 'never';
}

/**
 * What another module does when the organization cancels a session (the makeups module grants each student holding a
 * seat in it a make-up token when the remedy or its policy says so). It runs inside the cancel's transaction, with
 * its EntityManager, after the session is marked cancelled: the cancel and what it gives commit together. It answers
 * the students it gave a make-up token, so their notice can say so.
 */
export interface SessionCancelledHook {
  sessionCancelled(manager: EntityManager, session: CancelledSession): Promise<{ tokensTo: string[] }>;
}

/** Where modules above this one register their hook (in `onModuleInit`, like SeatsFreedHooks). */
@Injectable()
export class SessionCancelledHooks {
  private readonly hooks: SessionCancelledHook[] = [];

  register(hook: SessionCancelledHook): void {
    this.hooks.push(hook);
  }

  /** Runs every hook; answers the students given a make-up token. */
  async run(manager: EntityManager, session: CancelledSession): Promise<Set<string>> {
    const tokensTo = new Set<string>();
    for (const hook of this.hooks) for (const id of (await hook.sessionCancelled(manager, session)).tokensTo) tokensTo.add(id);
    return tokensTo;
  }
}
