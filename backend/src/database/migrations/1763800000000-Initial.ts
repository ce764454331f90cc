import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole initial schema. Seat capacity is guarded here, not in application code: the CHECK on
 * classes keeps 0 <= enrolled_students <= max_students and the unique index on enrollments keeps one
 * enrollment per student and class, so concurrent registrations cannot oversell a class.
 */
export class Initial1763800000000 implements MigrationInterface {
  name = 'Initial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscription_plans (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        monthly_price integer NOT NULL CHECK (monthly_price >= 0),
        display_order integer NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        limits jsonb NOT NULL,
        features jsonb NOT NULL,
        stripe_price_id text
      );

      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        domain text,
        contact_info jsonb NOT NULL DEFAULT '{}',
        branding jsonb NOT NULL DEFAULT '{}',
        settings jsonb NOT NULL DEFAULT '{}',
        plan_id text NOT NULL DEFAULT 'free' REFERENCES subscription_plans(id),
        subscription_status text NOT NULL DEFAULT 'active',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX organizations_domain_key ON organizations (lower(domain)) WHERE domain IS NOT NULL;

      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'teacher')),
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        phone text,
        profile_picture text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));
      CREATE INDEX users_organization_idx ON users (organization_id);

      CREATE TABLE revoked_tokens (
        jti uuid PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );

      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE auth_failures (
        id bigserial PRIMARY KEY,
        account text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX auth_failures_account_idx ON auth_failures (account, created_at);

      CREATE TABLE platform_staff (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE classes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text NOT NULL,
        instructor text NOT NULL,
        location text NOT NULL,
        status text NOT NULL CHECK (status IN ('Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived')),
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        discount_price_cents integer CHECK (discount_price_cents >= 0),
        max_students integer NOT NULL CHECK (max_students >= 1),
        enrolled_students integer NOT NULL DEFAULT 0,
        closed_when_full boolean NOT NULL DEFAULT false,
        start_date timestamptz NOT NULL,
        duration integer NOT NULL CHECK (duration >= 15),
        days integer NOT NULL DEFAULT 1 CHECK (days >= 1),
        schedule text NOT NULL DEFAULT 'Consecutive' CHECK (schedule IN ('Consecutive', 'Weekly')),
        information text NOT NULL DEFAULT '',
        materials jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT classes_seats_check CHECK (enrolled_students >= 0 AND enrolled_students <= max_students)
      );
      CREATE INDEX classes_organization_start_idx ON classes (organization_id, start_date);

      CREATE TABLE students (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        status text NOT NULL DEFAULT 'active',
        communication_opt_in boolean NOT NULL DEFAULT true,
        stripe_customer_id text,
        registration_date timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX students_org_email_key ON students (organization_id, lower(email));

      CREATE TABLE enrollments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        enrollment_date timestamptz NOT NULL DEFAULT now(),
        payment_status text NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'completed', 'failed')),
        payment_method text NOT NULL DEFAULT 'in-person' CHECK (payment_method IN ('in-person', 'card')),
        amount_paid_cents integer NOT NULL DEFAULT 0 CHECK (amount_paid_cents >= 0),
        CONSTRAINT enrollments_student_class_key UNIQUE (student_id, class_id)
      );
      CREATE INDEX enrollments_class_idx ON enrollments (class_id);

      CREATE TABLE attendance (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        session_index integer NOT NULL CHECK (session_index >= 0),
        session_date timestamptz NOT NULL,
        attended boolean NOT NULL,
        marked_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT attendance_entry_key UNIQUE (class_id, student_id, session_index)
      );

      CREATE TABLE activity_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        event_type text NOT NULL,
        event_date timestamptz NOT NULL DEFAULT now(),
        description text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX activity_events_org_date_idx ON activity_events (organization_id, event_date DESC);

      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL,
        subject text,
        message text NOT NULL,
        inquiry_type text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);

    await q.query(`
      INSERT INTO subscription_plans (id, name, description, monthly_price, display_order, limits, features) VALUES
      ('free', 'Free', 'Everything you need to start taking registrations.', 0, 0,
        '{"maxClasses": 2, "maxStudents": 10, "maxTransactionsPerMonth": 20}',
        '{"basicSiteAccess": true, "inClassPayments": true, "onlinePaymentCollection": false, "advancedReporting": false, "customBranding": false, "apiAccess": false, "prioritySupport": false}'),
      ('essential', 'Essential', 'Online payments, reporting and your own branding for a growing program.', 4900, 1,
        '{"maxClasses": 25, "maxStudents": 500, "maxTransactionsPerMonth": -1}',
        '{"basicSiteAccess": true, "inClassPayments": true, "onlinePaymentCollection": true, "advancedReporting": true, "customBranding": true, "apiAccess": false, "prioritySupport": false}'),
      ('professional', 'Professional', 'Unlimited classes and students, API access and priority support.', 9900, 2,
        '{"maxClasses": -1, "maxStudents": -1, "maxTransactionsPerMonth": -1}',
        '{"basicSiteAccess": true, "inClassPayments": true, "onlinePaymentCollection": true, "advancedReporting": true, "customBranding": true, "apiAccess": true, "prioritySupport": true}')
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE contact_messages, activity_events, attendance, enrollments, students, classes,
        platform_staff, auth_failures, password_reset_tokens, revoked_tokens, users, organizations,
        subscription_plans
    `);
  }
}
