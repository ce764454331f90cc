import type { DataSource } from 'typeorm';
import { hashPassword } from '../../modules/auth/password';
import { defaultBranding, defaultSettings } from '../../modules/organizations/defaults';

export const DEMO_ORG_ID = 'a0000000-0000-4000-8000-000000000001';
export const DEMO_PASSWORD = 'Demo123!';
export const DEMO_ADMIN_EMAIL = 'admin@demo.classlane.test';
/**
 * The demo organization is on a paid plan without Stripe ids (a complimentary subscription, created from
 * organizations.plan_id by the subscriptions trigger), so a newcomer sees every feature; the start output says so.
 */
export const DEMO_PLAN_ID = 'essential';
export const DEMO_PLAN_NAME = 'Essential';
export const DEMO_TEACHER_EMAIL = 'teacher@demo.classlane.test';

const day = 24 * 60 * 60 * 1000;
function at(daysFromToday: number, hour: number, minute = 0): Date {
  const d = new Date();
  d.setHours(hour, minute, 0, 0);
  return new Date(d.getTime() + daysFromToday * day);
}

interface DemoClass {
  title: string;
  description: string;
  instructor: string;
  location: string;
  status: string;
  price: number;
  discount: number | null;
  max: number;
  start: Date;
  duration: number;
  days: number;
  schedule: 'Consecutive' | 'Weekly';
  information: string;
  materials: string[];
}

const CLASSES: DemoClass[] = [
  {
    title: 'Watercolor Basics',
    description: 'Learn washes, layering and colour mixing in a relaxed studio setting.',
    instructor: 'Maya Chen',
    location: 'Studio A, 120 Main St',
    status: 'Open',
    price: 120,
    discount: 99,
    max: 12,
    start: at(0, 18),
    duration: 120,
    days: 4,
    schedule: 'Weekly',
    information: 'All levels welcome. Paper is provided for the first session.',
    materials: ['Watercolor paper pad', 'Round brushes (sizes 4, 8, 12)', 'A student watercolor set'],
  },
  {
    title: 'Beginner Pottery Wheel',
    description: 'Center, open and pull your first cylinders on the wheel.',
    instructor: 'Luis Romero',
    location: 'Clay Room, 120 Main St',
    status: 'Open',
    price: 180,
    discount: null,
    max: 8,
    start: at(3, 10),
    duration: 150,
    days: 6,
    schedule: 'Weekly',
    information: 'Wear clothes that can get muddy. Clay and firing included.',
    materials: ['Apron', 'Towel'],
  },
  {
    title: 'Gentle Yoga for Seniors',
    description: 'Chair-supported yoga for balance, flexibility and calm.',
    instructor: 'Grace Okafor',
    location: 'Community Hall',
    status: 'Scheduled',
    price: 60,
    discount: 45,
    max: 20,
    start: at(7, 9, 30),
    duration: 60,
    days: 8,
    schedule: 'Weekly',
    information: 'Chairs and mats are available on site.',
    materials: ['Water bottle', 'Comfortable clothing'],
  },
  {
    title: 'Digital Photography Weekend',
    description: 'Exposure, composition and editing over two intensive days.',
    instructor: 'Sam Patel',
    location: 'Media Lab',
    status: 'Closed',
    price: 220,
    discount: null,
    max: 10,
    start: at(10, 9),
    duration: 360,
    days: 2,
    schedule: 'Consecutive',
    information: 'Bring a camera with manual mode.',
    materials: ['Camera', 'Memory card', 'Laptop (optional)'],
  },
  {
    title: 'Spanish Conversation Circle',
    description: 'Practice everyday Spanish with friendly small-group conversation.',
    instructor: 'Ana Torres',
    location: 'Library Room 2',
    status: 'Cancelled',
    price: 40,
    discount: null,
    max: 15,
    start: at(5, 17),
    duration: 90,
    days: 4,
    schedule: 'Weekly',
    information: 'Intermediate level.',
    materials: [],
  },
  {
    title: 'Calligraphy Workshop (2025)',
    description: 'An archived one-day calligraphy workshop.',
    instructor: 'Maya Chen',
    location: 'Studio B',
    status: 'Archived',
    price: 75,
    discount: null,
    max: 10,
    start: at(-60, 13),
    duration: 180,
    days: 1,
    schedule: 'Consecutive',
    information: '',
    materials: ['Calligraphy pen'],
  },
  {
    title: 'Kids Drawing Club',
    description: 'Playful drawing projects for ages 8 to 12.',
    instructor: 'Luis Romero',
    location: 'Studio A, 120 Main St',
    status: 'Open',
    price: 90,
    discount: null,
    max: 3,
    start: at(14, 16),
    duration: 60,
    days: 5,
    schedule: 'Weekly',
    information: 'A parent signs the kids in and out.',
    materials: ['Sketchbook', 'Pencils'],
  },
];

const STUDENTS = [
  ['Olivia', 'Martinez', 'olivia.martinez@example.com', '5595550101'],
  ['Noah', 'Johnson', 'noah.johnson@example.com', '5595550102'],
  ['Emma', 'Williams', 'emma.williams@example.com', '5595550103'],
  ['Liam', 'Brown', 'liam.brown@example.com', '5595550104'],
  ['Ava', 'Davis', 'ava.davis@example.com', '5595550105'],
  ['Mason', 'Garcia', 'mason.garcia@example.com', '5595550106'],
];

/** Seeds the demo organization on an empty database only; returns false when data already exists. */
export async function seedDemo(db: DataSource): Promise<boolean> {
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM organizations');
  if (n > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (m) => {
    const branding = {
      ...defaultBranding('Sunrise Community Arts'),
      slogan: 'Create, learn and grow together',
      websiteUrl: 'https://example.com',
    };
    await m.query(
      `INSERT INTO organizations (id, name, domain, contact_info, branding, settings, plan_id) VALUES ($1, $2, NULL, $3, $4, $5, '${DEMO_PLAN_ID}')`,
      [
        DEMO_ORG_ID,
        'Sunrise Community Arts',
        { email: 'hello@sunrise-arts.example', phone: '(559) 555-0100', address: '120 Main St, Clovis, CA 93612' },
        branding,
        defaultSettings(),
      ],
    );
    await m.query(
      `INSERT INTO users (organization_id, email, password_hash, role, first_name, last_name, phone) VALUES
       ($1, $2, $4, 'admin', 'Alex', 'Rivera', '5595550110'), ($1, $3, $4, 'teacher', 'Maya', 'Chen', '5595550111')`,
      [DEMO_ORG_ID, DEMO_ADMIN_EMAIL, DEMO_TEACHER_EMAIL, hash],
    );
    const classIds: string[] = [];
    for (const c of CLASSES) {
      const [row] = await m.query(
        `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, discount_price_cents, max_students, start_date, duration, days, schedule, information, materials)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
        [
          DEMO_ORG_ID,
          c.title,
          c.description,
          c.instructor,
          c.location,
          c.status,
          c.price * 100,
          c.discount === null ? null : c.discount * 100,
          c.max,
          c.start,
          c.duration,
          c.days,
          c.schedule,
          c.information,
          JSON.stringify(c.materials),
        ],
      );
      classIds.push(row.id);
    }
    // The classes' sessions as records, by the same rule as the ClassSessions migration's backfill (class_session_start).
    await m.query(
      `INSERT INTO class_sessions (organization_id, class_id, session_index, starts_at, ends_at)
       SELECT c.organization_id, c.id, i, class_session_start(c.start_date, c.schedule, i),
              class_session_start(c.start_date, c.schedule, i) + make_interval(mins => greatest(c.duration, 1))
         FROM classes c, generate_series(0, greatest(c.days, 1) - 1) AS i
        WHERE c.organization_id = $1`,
      [DEMO_ORG_ID],
    );
    const studentIds: string[] = [];
    for (const [first, last, email, phone] of STUDENTS) {
      const [row] = await m.query(
        `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date) VALUES ($1, $2, $3, $4, $5, now() - interval '10 days') RETURNING id`,
        [DEMO_ORG_ID, first, last, email, phone],
      );
      studentIds.push(row.id);
    }
    // [student, class, paid?]: today's Watercolor class has paid and pay-at-class students.
    const enrollments: [number, number, boolean][] = [
      [0, 0, true],
      [1, 0, false],
      [2, 0, false],
      [3, 0, true],
      [4, 1, false],
      [5, 1, true],
      [0, 2, false],
      [1, 3, true],
      [2, 6, false],
    ];
    for (const [s, c, paid] of enrollments) {
      const cls = CLASSES[c];
      const due = cls.discount !== null && cls.discount > 0 && cls.discount < cls.price ? cls.discount : cls.price;
      await m.query(
        `INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents, enrollment_date)
         VALUES ($1, $2, $3, $4, 'in-person', $5, now() - interval '3 days')`,
        [DEMO_ORG_ID, studentIds[s], classIds[c], paid ? 'completed' : 'pending', paid ? due * 100 : 0],
      );
      await m.query('UPDATE classes SET enrolled_students = enrolled_students + 1 WHERE id = $1', [classIds[c]]);
      await m.query(
        `INSERT INTO activity_events (organization_id, event_type, description, metadata, event_date) VALUES ($1, 'class_enrollment', $2, $3, now() - interval '3 days')`,
        [
          DEMO_ORG_ID,
          `${STUDENTS[s][0]} ${STUDENTS[s][1]} enrolled in ${cls.title}`,
          { studentName: `${STUDENTS[s][0]} ${STUDENTS[s][1]}`, className: cls.title, classId: classIds[c] },
        ],
      );
    }
  });
  return true;
}
