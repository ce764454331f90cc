import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Places and teachers as records (issue 39 §2): an organization's locations, the rooms of each location, and its
 * instructors. A room belongs to one location of the same organization: the composite foreign key makes a room of
 * another organization's location impossible even if a service forgot to check. `exclusive` rooms take one booking at
 * a time (the sessions' exclusion constraint comes with the sessions as records). A location's rooms go with it; a
 * location, room or instructor a class names cannot be deleted (the classes' foreign keys, next migration). An
 * instructor may be linked to a teacher user of the same organization; their pay rule is data (`pay_rule`, checked by
 * the API). Names are unique per organization (per location for rooms), whatever their case.
 */
export class LocationsRoomsInstructors1770050000000 implements MigrationInterface {
  name = 'LocationsRoomsInstructors1770050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE locations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        address text NOT NULL DEFAULT '',
        time_zone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT locations_org_id_key UNIQUE (organization_id, id)
      );
      CREATE UNIQUE INDEX locations_organization_name_key ON locations (organization_id, lower(name));
      CREATE TABLE rooms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        location_id uuid NOT NULL,
        name text NOT NULL,
        capacity integer,
        exclusive boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT rooms_location_fk FOREIGN KEY (organization_id, location_id)
          REFERENCES locations (organization_id, id) ON DELETE CASCADE,
        CONSTRAINT rooms_capacity_check CHECK (capacity IS NULL OR capacity > 0),
        CONSTRAINT rooms_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT rooms_org_location_id_key UNIQUE (organization_id, location_id, id)
      );
      CREATE UNIQUE INDEX rooms_location_name_key ON rooms (organization_id, location_id, lower(name));
      CREATE TABLE instructors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        email text,
        phone text,
        bio text NOT NULL DEFAULT '',
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        pay_rule jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT instructors_org_id_key UNIQUE (organization_id, id)
      );
      CREATE UNIQUE INDEX instructors_organization_name_key ON instructors (organization_id, lower(name));
      CREATE UNIQUE INDEX instructors_user_key ON instructors (organization_id, user_id) WHERE user_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE instructors; DROP TABLE rooms; DROP TABLE locations;`);
  }
}
