import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A password reset ends every session of the user: tokens issued (iat) before `tokens_valid_after`
 * are refused by the token-user lookup. Whole seconds, like a token's iat.
 */
export class UserTokensValidAfter1764100000000 implements MigrationInterface {
  name = 'UserTokensValidAfter1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users ADD COLUMN tokens_valid_after timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN tokens_valid_after');
  }
}
