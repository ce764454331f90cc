import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The kinds the communications check allows, read from the database: other branches add kinds in their own
 * migrations, so this one adds its kind to whatever the check holds instead of restating the whole list.
 */
async function setKinds(q: QueryRunner, change: (kinds: string[]) => string[]) {
  const [row] = await q.query(
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'communications_kind_check' AND conrelid = 'communications'::regclass`,
  );
  const current = [...String(row.def).matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  const next = change(current);
  await q.query(`ALTER TABLE communications DROP CONSTRAINT communications_kind_check`);
  await q.query(
    `ALTER TABLE communications ADD CONSTRAINT communications_kind_check CHECK (kind IN (${next.map((k) => `'${k}'`).join(', ')}))`,
  );
}

/**
 * A term's early-access invitations get a message kind of their own, `early_access`, instead of `system`: they sell
 * the term, so the dispatcher treats them as it treats other non-transactional messages (the opt-in read when they
 * go, List-Unsubscribe, the monthly cap). Invitations already queued as `system` stay as they are. No template may
 * replace them (the sender writes them in full), so the templates' check is unchanged.
 */
export class EarlyAccessMessageKind1769450000000 implements MigrationInterface {
  name = 'EarlyAccessMessageKind1769450000000';

  async up(q: QueryRunner): Promise<void> {
    await setKinds(q, (k) => (k.includes('early_access') ? k : [...k, 'early_access']));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM communications WHERE kind = 'early_access'`);
    await setKinds(q, (k) => k.filter((x) => x !== 'early_access'));
  }
}
