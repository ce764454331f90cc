import { Injectable } from '@nestjs/common';

/**
 * One append-only table's clean-up, declared by the module that owns the table (a module owns its tables: only its
 * repository deletes from it). `purge` deletes rows older than `cutoff` that nothing needs any more, at most `batch`
 * at a time, and answers how many it deleted; the job calls it until it answers less than `batch`. It must be safe
 * to run on two instances at once and after a crash (each statement deletes what is there; nothing is deleted twice).
 */
export interface RetentionRule {
  /** The table, as docs/operations.md names it. */
  name: string;
  /** How long rows are kept (the owner reads its figure from the `retention` settings). */
  days: number;
  purge(cutoff: Date, batch: number): Promise<number>;
}

/** Where the owners of append-only tables register their rule (in `onModuleInit`, like SeatsFreedHooks). */
@Injectable()
export class RetentionRules {
  private readonly rules = new Map<string, RetentionRule>();

  register(rule: RetentionRule): void {
    this.rules.set(rule.name, rule);
  }

  all(): RetentionRule[] {
    return [...this.rules.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
