import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * What another module does when an instructor is renamed: the classes module rewrites the free-text `instructor` of
 * the classes that name the record, so every reply, email and feed says the new name. Runs in the rename's transaction.
 */
export interface InstructorNameHook {
  instructorRenamed(manager: EntityManager, organizationId: string, instructorId: string, name: string): Promise<void>;
}

/** Where modules above this one register their hook (in `onModuleInit`, like SeatsFreedHooks). */
@Injectable()
export class InstructorNameHooks {
  private readonly hooks: InstructorNameHook[] = [];

  register(hook: InstructorNameHook): void {
    this.hooks.push(hook);
  }

  async run(manager: EntityManager, organizationId: string, instructorId: string, name: string): Promise<void> {
    for (const hook of this.hooks) await hook.instructorRenamed(manager, organizationId, instructorId, name);
  }
}
