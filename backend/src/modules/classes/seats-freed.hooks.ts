import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * What another module does when seats of a class become free (enrollments released, or a class's capacity raised).
 * It runs inside the transaction that freed them, with its EntityManager, after the seat count changed and with the
 * class rows locked: the waitlist takes a freed seat straight back as an offer, so a public registrant never sees it.
 */
export interface SeatsFreedHook {
  seatsFreed(manager: EntityManager, organizationId: string, classIds: string[]): Promise<void>;
}

/** Where modules above this one register their hook (in `onModuleInit`, like StripeEventHandlers). */
@Injectable()
export class SeatsFreedHooks {
  private readonly hooks: SeatsFreedHook[] = [];

  register(hook: SeatsFreedHook): void {
    this.hooks.push(hook);
  }

  /** Runs every hook for these classes (each class once, in id order: the lock order of the release). */
  async run(manager: EntityManager, organizationId: string, classIds: string[]): Promise<void> {
    const unique = [...new Set(classIds)].sort();
    for (const hook of this.hooks) await hook.seatsFreed(manager, organizationId, unique);
  }
}
