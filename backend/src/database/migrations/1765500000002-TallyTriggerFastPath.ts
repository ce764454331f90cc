import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The enrollments trigger of `attendance_tallies` ran a dynamically built statement (planned on every call) for every
 * statement touching enrollments, including the many that cannot change a tally: a card hold being taken or lapsing
 * (never `active`), a payment being marked. Registration takes the organization's row lock, so every millisecond in
 * it is paid once per waiting registrant in a last-seat race. The function now leaves at once when neither side of
 * the statement has an active row, and uses one static statement per operation (plpgsql keeps its plan).
 */
export class TallyTriggerFastPath1765500000002 implements MigrationInterface {
  name = 'TallyTriggerFastPath1765500000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION attendance_tally_on_enrollments() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'active') THEN RETURN NULL; END IF;
          PERFORM attendance_tally_apply(coalesce(jsonb_agg(to_jsonb(d)), '[]')) FROM (
            SELECT a.class_id, a.session_index, min(a.organization_id::text) AS organization_id,
                   sum(a.attended::int) AS present, sum((NOT a.attended)::int) AS absent
              FROM new_rows x JOIN attendance a ON a.class_id = x.class_id AND a.student_id = x.student_id
             WHERE x.status = 'active'
             GROUP BY a.class_id, a.session_index) d;
        ELSIF TG_OP = 'DELETE' THEN
          IF NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'active') THEN RETURN NULL; END IF;
          PERFORM attendance_tally_apply(coalesce(jsonb_agg(to_jsonb(d)), '[]')) FROM (
            SELECT a.class_id, a.session_index, min(a.organization_id::text) AS organization_id,
                   -sum(a.attended::int) AS present, -sum((NOT a.attended)::int) AS absent
              FROM old_rows x JOIN attendance a ON a.class_id = x.class_id AND a.student_id = x.student_id
             WHERE x.status = 'active'
             GROUP BY a.class_id, a.session_index) d;
        ELSE
          IF NOT EXISTS (SELECT 1 FROM old_rows WHERE status = 'active') AND NOT EXISTS (SELECT 1 FROM new_rows WHERE status = 'active') THEN
            RETURN NULL;
          END IF;
          PERFORM attendance_tally_apply(coalesce(jsonb_agg(to_jsonb(d)), '[]')) FROM (
            SELECT a.class_id, a.session_index, min(a.organization_id::text) AS organization_id,
                   sum(x.sign * a.attended::int) AS present, sum(x.sign * (NOT a.attended)::int) AS absent
              FROM (SELECT class_id, student_id, -1 AS sign FROM old_rows WHERE status = 'active'
                    UNION ALL SELECT class_id, student_id, 1 FROM new_rows WHERE status = 'active') x
              JOIN attendance a ON a.class_id = x.class_id AND a.student_id = x.student_id
             GROUP BY a.class_id, a.session_index) d;
        END IF;
        RETURN NULL;
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    // The previous body (1765500000000): one dynamic statement for every operation.
    await q.query(`
      CREATE OR REPLACE FUNCTION attendance_tally_on_enrollments() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        removed text := $r$SELECT class_id, student_id, -1 AS sign FROM old_rows WHERE status = 'active'$r$;
        added text := $r$SELECT class_id, student_id, 1 AS sign FROM new_rows WHERE status = 'active'$r$;
        src text := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE removed || ' UNION ALL ' || added END;
      BEGIN
        EXECUTE format($q$
          SELECT attendance_tally_apply(coalesce(jsonb_agg(to_jsonb(d)), '[]')) FROM (
            SELECT a.class_id, a.session_index, min(a.organization_id::text) AS organization_id,
                   sum(x.sign * a.attended::int) AS present, sum(x.sign * (NOT a.attended)::int) AS absent
              FROM (%s) x JOIN attendance a ON a.class_id = x.class_id AND a.student_id = x.student_id
             GROUP BY a.class_id, a.session_index) d $q$, src);
        RETURN NULL;
      END $$;
    `);
  }
}
