import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys (the Professional plan's API access): a key acts as an admin of its organization within its scopes.
 * Only the SHA-256 of the secret is stored (the secret is random and long, so a slow hash adds nothing), with a
 * unique index: authenticating a request is one indexed lookup. A key belongs to the admin who made it and goes
 * with them (ON DELETE CASCADE): someone who leaves the team leaves no key behind. Revoked keys stay listed.
 */
export class ApiKeys1766500000000 implements MigrationInterface {
  name = 'ApiKeys1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        scopes text[] NOT NULL CHECK (scopes = ARRAY['read'] OR scopes = ARRAY['read', 'write']),
        prefix text NOT NULL,
        secret_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_organization_idx ON api_keys (organization_id, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE api_keys');
  }
}
