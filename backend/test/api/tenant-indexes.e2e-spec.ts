import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { createTestDatabase } from '../setup/test-app';

// Ten thousand organizations share every table: a tenant query must find its organization's rows through an index
// that starts with organization_id, never by reading every organization's rows. This reads the migrated schema from
// PostgreSQL's catalog, so a table added later without such an index fails here. A partial index does not count: it
// serves only the rows its predicate names (students had only one, for emails outside households, and every list of
// an organization's students read the whole table until the breadth bench's plans showed it).
describe('tenant indexes', () => {
  let db: Client;
  beforeAll(async () => {
    db = new Client({ connectionString: await createTestDatabase() });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });

  it('should give every table that carries organization_id an index leading with it', async () => {
    const { rows } = await db.query<{ table_name: string }>(`
      SELECT c.table_name
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND c.column_name = 'organization_id' AND t.table_type = 'BASE TABLE'
         AND NOT EXISTS (
           SELECT 1
             FROM pg_index i
             JOIN pg_class tbl ON tbl.oid = i.indrelid
             JOIN pg_namespace n ON n.oid = tbl.relnamespace
             JOIN pg_attribute a ON a.attrelid = tbl.oid AND a.attnum = i.indkey[0]
            WHERE n.nspname = 'public' AND tbl.relname = c.table_name AND a.attname = 'organization_id' AND i.indpred IS NULL)
       ORDER BY 1`);
    expect(rows.map((r) => r.table_name)).toEqual([]);
  });

  it('should carry organization_id on every table that belongs to one organization', async () => {
    // The tables without the column are platform-wide (docs/architecture.md, "Tables without an organization", says
    // why each one is); they are named here so a new tenant table cannot silently join them.
    const { rows } = await db.query<{ table_name: string }>(`
      SELECT t.table_name
        FROM information_schema.tables t
       WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND NOT EXISTS (SELECT 1 FROM information_schema.columns c
                          WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'organization_id')
       ORDER BY 1`);
    expect(rows.map((r) => r.table_name)).toEqual([
      'auth_failures',
      'migrations',
      'organizations',
      'password_reset_tokens',
      'platform_audit_log',
      'platform_staff',
      'rate_limit_counters',
      'retention_runs',
      'revoked_tokens',
      'sms_opt_outs',
      'stripe_event_checkpoints',
      'stripe_events',
      'subscription_plans',
    ]);
  });
});
