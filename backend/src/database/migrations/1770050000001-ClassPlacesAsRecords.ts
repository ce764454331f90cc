import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A class names its location, room and instructor by record (issue 39 §2), and today's free text becomes records: one
 * location and one instructor per distinct value per organization (compared trimmed and without case, the records'
 * uniqueness), linked back to the classes that said it. The free-text columns stay: they are what every reply,
 * email, feed and report says, and the classes service keeps them in step with the records from now on. The foreign
 * keys carry the organization, so a class can only name its own organization's records, and a room of its own
 * location (a room is only ever set with its location).
 */
export class ClassPlacesAsRecords1770050000001 implements MigrationInterface {
  name = 'ClassPlacesAsRecords1770050000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE classes
        ADD COLUMN location_id uuid,
        ADD COLUMN room_id uuid,
        ADD COLUMN instructor_id uuid,
        ADD CONSTRAINT classes_location_fk FOREIGN KEY (organization_id, location_id) REFERENCES locations (organization_id, id),
        ADD CONSTRAINT classes_room_fk FOREIGN KEY (organization_id, location_id, room_id)
          REFERENCES rooms (organization_id, location_id, id),
        ADD CONSTRAINT classes_instructor_fk FOREIGN KEY (organization_id, instructor_id) REFERENCES instructors (organization_id, id),
        ADD CONSTRAINT classes_room_has_location_check CHECK (room_id IS NULL OR location_id IS NOT NULL);
      CREATE INDEX classes_location_idx ON classes (organization_id, location_id) WHERE location_id IS NOT NULL;
      CREATE INDEX classes_room_idx ON classes (organization_id, location_id, room_id) WHERE room_id IS NOT NULL;
      CREATE INDEX classes_instructor_idx ON classes (organization_id, instructor_id) WHERE instructor_id IS NOT NULL;
    `);
    await q.query(`
      INSERT INTO locations (organization_id, name)
        SELECT organization_id, min(btrim(location)) FROM classes WHERE btrim(location) <> ''
         GROUP BY organization_id, lower(btrim(location))
        ON CONFLICT DO NOTHING;
      UPDATE classes c SET location_id = l.id FROM locations l
        WHERE l.organization_id = c.organization_id AND lower(l.name) = lower(btrim(c.location)) AND c.location_id IS NULL;
      INSERT INTO instructors (organization_id, name)
        SELECT organization_id, min(btrim(instructor)) FROM classes WHERE btrim(instructor) <> ''
         GROUP BY organization_id, lower(btrim(instructor))
        ON CONFLICT DO NOTHING;
      UPDATE classes c SET instructor_id = i.id FROM instructors i
        WHERE i.organization_id = c.organization_id AND lower(i.name) = lower(btrim(c.instructor)) AND c.instructor_id IS NULL;
    `);
  }

  /** The links go; the records stay (the previous migration's down drops them). */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE classes DROP COLUMN location_id, DROP COLUMN room_id, DROP COLUMN instructor_id;`);
  }
}
