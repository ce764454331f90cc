import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { AllConfigType } from '../../config/config.type';
import type { RetentionConfig } from '../../config/retention.config';

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

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  register(rule: RetentionRule): void {
    this.rules.set(rule.name, rule);
  }

  /**
   * The usual rule: the owner's one DELETE (`$1` the cutoff, `$2` the batch, `RETURNING` a column per deleted row, as
   * `olderRowsDeleteSql` writes it), kept as long as the `retention` setting named `days` says.
   */
  registerDelete(name: string, days: keyof RetentionConfig, deleteSql: string): void {
    this.register({
      name,
      days: this.config.getOrThrow('retention', { infer: true })[days],
      purge: async (cutoff, batch) => (await returning(this.db, deleteSql, [cutoff, batch])).length,
    });
  }

  all(): RetentionRule[] {
    return [...this.rules.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
