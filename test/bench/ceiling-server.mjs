#!/usr/bin/env node
// The same-work ceiling of `npm run bench:ceiling`: a minimal Fastify + pg server that does exactly the work the
// product does for four routes, written by hand, so the benchmark can say how much the product's framework costs on
// top of that work. Per request it does what the product does and nothing more:
//   - the same JWT check (jsonwebtoken with the product's key object, algorithm, audience and issuer),
//   - the same token-user statement (prepared, on a pg pool of the same size),
//   - the same list SQL: the product's own statements, built by the product's repositories (from backend/dist) once
//     per shape of query (sort, order, range) and then run as prepared statements,
//   - the same row mapping (the product's mapClass / mapStudent on entity objects, enrollments as the product maps them),
//   - the same envelope, headers (captured once from the product by the bench and given here) and request log line.
// Replies are byte-identical to the product's (the bench checks this before measuring).
//
//   - the public class list (cached in the product): a cache lookup answering the product's cached bytes with its
//     headers (Age from the time it was cached), as the product's fast path does.
// Env: CEILING_PORT, DATABASE_URL, JWT_SECRET, CEILING_HEADERS (JSON: the product's fixed reply headers),
//      CEILING_PUBLIC (JSON: { organizationId, headers, body (base64) } of the product's cached public list),
//      LOG_REQUESTS ('true' writes the product's request line to stdout).
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'backend', 'dist');
const require = createRequire(import.meta.url);
const { verificationKey, ORG_AUDIENCE, TOKEN_ISSUER, TOKEN_ALGORITHM } = require(`${dist}/modules/auth/tokens.js`);
const { mapClass } = require(`${dist}/modules/classes/class.entity.js`);
const { mapStudent } = require(`${dist}/modules/registration/student-record.js`);
const { ClassEntity } = require(`${dist}/modules/classes/class.entity.js`);
const { StudentEntity } = require(`${dist}/modules/students/student.entity.js`);
const { ClassesRepository } = require(`${dist}/modules/classes/classes.repository.js`);
const { StudentRecordsRepository } = require(`${dist}/modules/registration/student-records.repository.js`);
const { parseListParams } = require(`${dist}/common/http/list-query.js`);
const { dataSourceOptions } = require(`${dist}/database/data-source.js`);
const { DataSource } = require(require.resolve('typeorm', { paths: [dist] }));

const PORT = Number(process.env.CEILING_PORT ?? 3195);
const key = verificationKey(process.env.JWT_SECRET);
const fixedHeaders = JSON.parse(process.env.CEILING_HEADERS ?? '{}');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const log =
  process.env.LOG_REQUESTS === 'true'
    ? pino(
        {
          base: undefined,
          messageKey: 'msg',
          timestamp: () => `,"time":"${new Date().toISOString()}"`,
          formatters: { level: (l) => ({ level: l }) },
        },
        pino.destination({ dest: 1, sync: false }),
      )
    : null;

// --- SQL: the product's statements, made once per shape by its own repositories (never per request) ------------
const typeorm = new DataSource(dataSourceOptions(process.env.DATABASE_URL, 1));
await typeorm.initialize();
const PLACEHOLDER_ORG = '00000000-0000-4000-8000-000000000000';
const statements = new Map();
/** The product's statement for this list shape: its text, and where the organization id goes in its values. */
async function statementFor(kind, params) {
  const shape = `${kind}|${params.sortField}|${params.sortOrder}|${params.offset}|${params.limit}|${JSON.stringify(params.filter)}`;
  let s = statements.get(shape);
  if (s) return s;
  const master = typeorm.driver.master;
  const original = master.query.bind(master);
  let captured = null;
  master.query = (q, ...rest) => {
    if (q && typeof q === 'object' && q.text && !captured) captured = q;
    return original(q, ...rest);
  };
  try {
    if (kind === 'classes') await new ClassesRepository(typeorm.getRepository(ClassEntity), typeorm).listForAdmin(PLACEHOLDER_ORG, params);
    else await new StudentRecordsRepository(typeorm).list(PLACEHOLDER_ORG, params);
  } finally {
    master.query = original;
  }
  s = { name: `ceiling_${statements.size}`, text: captured.text, orgAt: captured.values.indexOf(PLACEHOLDER_ORG), values: captured.values };
  statements.set(shape, s);
  return s;
}
const run = async (s, orgId) =>
  (await pool.query({ name: s.name, text: s.text, values: s.values.map((v, i) => (i === s.orgAt ? orgId : v)) })).rows;

// --- rows to entities: a mapper per entity, compiled once from its columns ------------------------------------------
function entityMapper(entity, alias) {
  const columns = typeorm.getMetadata(entity).columns.map((c) => [c.propertyName, `${alias}_${c.databaseName}`]);
  return (row) => {
    const e = {};
    for (const [prop, col] of columns) e[prop] = row[col];
    return e;
  };
}
const toClass = entityMapper(ClassEntity, 'c');
const toStudent = entityMapper(StudentEntity, 's');

/** An enrollment of the students list's JSON, as the product maps it (student-records.repository.ts). */
const toEnrollmentRow = (r) => ({
  id: r.id,
  organizationId: r.organization_id,
  studentId: r.student_id,
  classId: r.class_id,
  enrollmentDate: new Date(r.enrollment_date),
  paymentStatus: r.payment_status,
  paymentMethod: r.payment_method,
  amountPaidCents: Number(r.amount_paid_cents),
  paidAt: r.paid_at ? new Date(r.paid_at) : null,
  status: r.status ?? 'active',
  holdExpiresAt: r.hold_expires_at ? new Date(r.hold_expires_at) : null,
  platformFeeCents: Number(r.platform_fee_cents ?? 0),
  organizationAmountCents: Number(r.organization_amount_cents ?? 0),
  refundedCents: Number(r.refunded_cents ?? 0),
  stripePaymentIntentId: r.stripe_payment_intent_id ?? null,
  cancelledAt: r.cancelled_at ? new Date(r.cancelled_at) : null,
  refunds: (r.refunds ?? []).map((x) => ({ ...x, createdAt: new Date(x.createdAt) })),
  classTitle: r.classTitle,
  registeredFirstName: r.registered_first_name ?? null,
  registeredLastName: r.registered_last_name ?? null,
  registeredPhone: r.registered_phone ?? null,
  registeredCommunicationOptIn: r.registered_communication_opt_in ?? null,
});

// --- the request path --------------------------------------------------------------------------------------------
const TOKEN_USER = `SELECT u.id, u.email, u.role, u.first_name AS "firstName", u.last_name AS "lastName", u.organization_id AS "organizationId"
         FROM users u
        WHERE u.id = $1
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2)
          AND (u.tokens_valid_after IS NULL OR u.tokens_valid_after <= to_timestamp($3))`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const jwtOptions = { algorithms: [TOKEN_ALGORITHM], audience: ORG_AUDIENCE, issuer: TOKEN_ISSUER };

async function authenticate(req) {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  let payload;
  try {
    payload = jwt.verify(header.slice(7), key, jwtOptions);
  } catch {
    return null;
  }
  if (!UUID.test(String(payload.jti)) || !UUID.test(String(payload.sub))) return null;
  const rows = (await pool.query({ name: 'auth.token-user', text: TOKEN_USER, values: [payload.sub, payload.jti, payload.iat ?? 0] })).rows;
  return rows[0] ? { ...rows[0], jti: payload.jti, exp: payload.exp } : null;
}

const app = Fastify({ logger: false, genReqId: () => randomUUID(), routerOptions: { ignoreTrailingSlash: true } });
app.addHook('onRequest', (req, reply, done) => {
  reply.headers(fixedHeaders).header('X-Request-Id', req.id);
  done();
});
if (log) {
  app.addHook('onResponse', (req, reply, done) => {
    const user = req.user;
    log.info(
      {
        requestId: req.id,
        req: { method: req.method, path: req.url.split('?')[0] },
        res: { status: reply.statusCode },
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(user ? { userId: user.id, organizationId: user.organizationId } : null),
      },
      'request',
    );
    done();
  });
}
const ok = (data) => ({ success: true, data, error: null });
const unauthorized = (reply) => reply.code(401).send({ success: false, data: null, error: 'Authentication required' });

app.get('/api/health', async () => {
  const started = Date.now();
  await pool.query('SELECT 1');
  return ok({
    status: 'ok',
    database: 'up',
    databaseLatencyMs: Date.now() - started,
    email: process.env.SENDGRID_API_KEY ? 'sendgrid' : 'log',
    sms: process.env.TWILIO_ACCOUNT_SID && process.env.TWILIO_AUTH_TOKEN ? 'twilio' : 'log',
    payments: process.env.STRIPE_SECRET_KEY ? 'stripe' : 'unconfigured',
    time: new Date(),
  });
});

function listRoute(kind, sortFields, resource, page) {
  return async (req, reply) => {
    if (kind === 'classes' && !req.headers.authorization && req.query.organizationId) return publicList(req, reply);
    const user = (req.user = await authenticate(req));
    if (!user) return unauthorized(reply);
    const params = parseListParams(req.query, sortFields);
    const s = await statementFor(kind, params);
    const raw = await run(s, user.organizationId);
    const rows = await page(raw);
    const total = raw.length ? Number(raw[0].total_count) : 0;
    const end = rows.length === 0 ? params.offset : params.offset + rows.length - 1;
    reply.header('Content-Range', `${resource} ${params.offset}-${end}/${total}`);
    return ok(rows);
  };
}

// The public list: the product's cached reply, looked up by organization as its cache does.
const publicLists = new Map();
if (process.env.CEILING_PUBLIC) {
  const p = JSON.parse(process.env.CEILING_PUBLIC);
  const { date: _d, age: _a, ...headers } = p.headers;
  publicLists.set(p.organizationId, { headers: Object.entries(headers), body: Buffer.from(p.body, 'base64'), createdAt: Date.now() });
}
function publicList(req, reply) {
  const hit = publicLists.get(req.query.organizationId);
  if (!hit) return reply.code(404).send({ success: false, data: null, error: 'Not cached' });
  for (const [k, v] of hit.headers) reply.header(k, v);
  reply.header('Age', String(Math.floor((Date.now() - hit.createdAt) / 1000)));
  return reply.send(hit.body);
}

const { CLASS_SORT_FIELDS } = require(`${dist}/modules/classes/classes.repository.js`);
const { STUDENT_SORT_FIELDS } = require(`${dist}/modules/registration/student-records.repository.js`);
app.get(
  '/api/classes',
  listRoute('classes', CLASS_SORT_FIELDS, 'classes', async (raw) => raw.map((r) => mapClass(toClass(r)))),
);
app.get(
  '/api/students',
  listRoute('students', STUDENT_SORT_FIELDS, 'students', async (raw) => {
    const students = raw.map(toStudent);
    // Household contacts: one more statement only when the page has attendees, as the product does.
    const ids = [...new Set(students.map((s) => s.householdContactId).filter(Boolean))];
    const contacts = new Map();
    if (ids.length) {
      const rows = (
        await pool.query(
          'SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone FROM students WHERE id = ANY($1::uuid[])',
          [ids],
        )
      ).rows;
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const s of students)
        if (s.householdContactId && byId.has(s.householdContactId)) contacts.set(s.id, byId.get(s.householdContactId));
    }
    return students.map((s, i) => mapStudent(s, raw[i].enrollments_json.map(toEnrollmentRow), { contact: contacts.get(s.id) }));
  }),
);

await app.listen({ port: PORT, host: '127.0.0.1' });
process.send?.('ready');
// Exits on the bench's SIGTERM through process.exit, so a CPU profile asked for with --cpu-prof is written.
process.once('SIGTERM', () => process.exit(0));
