/**
 * Development stand-in for the backend (docs/api.md, public calls only) that also serves dist/ with the
 * index.html fallback and gzip, so the public site can be developed and screenshotted before the real
 * backend runs. Not used in production or in the Playwright suite (which runs the real backend).
 * Usage: node public-site/dev/mockServer.mjs [port]
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';

const port = Number(process.argv[2] ?? 3102);
const dist = new URL('../dist/', import.meta.url).pathname;
const ORG = 'a0000000-0000-4000-8000-000000000001';
const day = (offsetDays, hour, minute = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  d.setHours(hour, minute, 0, 0);
  return d.toISOString();
};
const branding = {
  businessName: 'Sunrise Community Arts', logoUrl: null, primaryColor: '#7A2E8E', secondaryColor: '#3384A9',
  headerBackgroundColor: '#15385F', headerTextColor: '#ffffff', footerBackgroundColor: '#15385F', footerTextColor: '#ffffff',
  slogan: 'Creativity for every age', websiteUrl: 'https://sunrise.example.org',
  socialLinks: { facebook: 'https://facebook.com/sunrise', instagram: 'https://instagram.com/sunrise' },
};
const mk = (o) => ({
  organizationId: ORG, description: 'A friendly, hands-on class for all levels.', instructor: 'Maria Lopez', location: 'Studio A, 120 Main St',
  discountPrice: null, maxStudents: 12, enrolledStudents: 3, duration: 90, days: 1, schedule: 'Consecutive', sessions: [],
  information: 'Wear comfortable clothes.', materials: ['Sketchbook', 'Pencils'], createdAt: day(-10, 9), updatedAt: day(-1, 9), ...o,
});
const classes = [
  mk({ id: 'c0000000-0000-4000-8000-000000000001', title: 'Watercolor Basics', status: 'Open', price: 45, discountPrice: 39, startDate: day(3, 18), days: 4, schedule: 'Weekly', sessions: [day(3, 18), day(10, 18), day(17, 18), day(24, 18)] }),
  mk({ id: 'c0000000-0000-4000-8000-000000000002', title: 'Pottery Wheel Intro', status: 'Scheduled', price: 120, startDate: day(8, 10), days: 3, schedule: 'Consecutive', maxStudents: 8, enrolledStudents: 7 }),
  mk({ id: 'c0000000-0000-4000-8000-000000000003', title: 'Senior Chair Yoga', status: 'Open', price: 15, startDate: day(0, 9, 30), duration: 60 }),
  mk({ id: 'c0000000-0000-4000-8000-000000000004', title: 'Photography Walk', status: 'Closed', price: 30, startDate: day(-2, 16) }),
  mk({ id: 'c0000000-0000-4000-8000-000000000005', title: 'Jewelry Making', status: 'Cancelled', price: 55, startDate: day(12, 13) }),
];
const plans = [
  { id: 'free', name: 'Free', description: 'Get started', monthlyPrice: 0, displayOrder: 0, limits: { maxClasses: 2, maxStudents: 10, maxTransactionsPerMonth: 20 }, features: { basicSiteAccess: true, inClassPayments: true } },
  { id: 'essential', name: 'Essential', description: 'Online payments and more', monthlyPrice: 4900, displayOrder: 1, limits: { maxClasses: 25, maxStudents: 500, maxTransactionsPerMonth: -1 }, features: { basicSiteAccess: true, inClassPayments: true, onlinePaymentCollection: true, advancedReporting: true, customBranding: true } },
  { id: 'professional', name: 'Professional', description: 'For large programs', monthlyPrice: 9900, displayOrder: 2, limits: { maxClasses: -1, maxStudents: -1, maxTransactionsPerMonth: -1 }, features: { basicSiteAccess: true, inClassPayments: true, onlinePaymentCollection: true, advancedReporting: true, customBranding: true, apiAccess: true, prioritySupport: true } },
];
const enrollments = new Map(); // email|classId -> enrollment
const ok = (data, status = 200) => [status, { success: true, data, error: null }];
const fail = (status, error, extra = {}) => [status, { success: false, data: null, error, ...extra }];

async function api(method, path, body) {
  let m;
  if (path === '/api/health') return ok({ status: 'ok' });
  if (path.startsWith('/api/subscription-plans')) return ok(plans);
  if ((m = /^\/api\/public\/branding\/([^/]+)$/.exec(path))) return m[1] === ORG ? ok(branding) : fail(404, 'Organization not found');
  if ((m = /^\/api\/public\/organization\/([^/]+)$/.exec(path)))
    return m[1] === ORG ? ok({ id: ORG, name: 'Sunrise Community Arts', contactInfo: { email: 'hello@sunrise.example.org', phone: '(559) 555-0100', address: '120 Main St, Clovis, CA 93612' }, branding }) : fail(404, 'Organization not found');
  if (path === '/api/classes' && method === 'GET') return ok(classes);
  if ((m = /^\/api\/classes\/([^/]+)$/.exec(path))) {
    const c = classes.find((x) => x.id === m[1]);
    return c ? ok(c) : fail(404, `Class with ID ${m[1]} not found`);
  }
  if (path === '/api/stripe/config') return ok({ publicKey: null, environment: 'test' });
  if (path.startsWith('/api/connect/status/organization/')) return ok({ hasAccount: false, charges_enabled: false });
  if (path === '/api/students/check-enrollment') {
    const c = classes.find((x) => x.id === body.classId);
    const e = enrollments.get(`${body.email}|${body.classId}`);
    if (!e) return ok({ enrolled: false, classFull: c.enrolledStudents >= c.maxStudents });
    return fail(409, `You are already enrolled in ${c.title} (Payment Pending).`, {
      isAlreadyEnrolled: true, details: { className: c.title, classId: c.id, existingEnrollment: { enrollmentDate: e.enrollmentDate, paymentStatus: 'pending' } },
      organizationData: { name: branding.businessName, contactInfo: { email: 'hello@sunrise.example.org', phone: '(559) 555-0100', address: '120 Main St, Clovis, CA' } },
      classInstructor: c.instructor,
    });
  }
  if (path === '/api/students/register') {
    const classId = body.classEnrollments[0].classId;
    const c = classes.find((x) => x.id === classId);
    if (enrollments.has(`${body.email}|${classId}`)) return fail(409, 'This email is already enrolled in this class.', { isAlreadyEnrolled: true });
    if (c.enrolledStudents >= c.maxStudents) return fail(409, 'This class is full');
    c.enrolledStudents += 1;
    const enrollment = { id: randomUUID(), classId, classTitle: c.title, enrollmentDate: new Date().toISOString(), paymentStatus: 'pending', paymentMethod: 'in-person', amountPaid: 0 };
    enrollments.set(`${body.email}|${classId}`, enrollment);
    return ok({ id: randomUUID(), organizationId: ORG, ...body, status: 'active', classEnrollments: [enrollment] }, 201);
  }
  if (path === '/api/contact') return ok({ id: randomUUID() }, 201);
  if (path === '/api/auth/signin') {
    if (body.email === 'admin@demo.classlane.test' && body.password === 'Demo123!')
      return ok({ token: 'mock', user: { id: 'u1', email: body.email, role: 'admin', firstName: 'Ada', lastName: 'Admin', organizationId: ORG } });
    return fail(401, 'Invalid email or password');
  }
  if (path === '/api/auth/signup') return ok({ token: 'mock2', user: { id: 'u2', email: body.email, role: 'admin', firstName: body.firstName, lastName: body.lastName, organizationId: null } }, 201);
  if (path === '/api/organizations') return ok({ id: randomUUID(), name: body.name }, 201);
  if (path === '/api/auth/profile') return ok({ id: 'u2', email: 'x', role: 'admin', firstName: 'x', lastName: 'y', organizationId: body.organizationId });
  if (path === '/api/auth/me') return fail(401, 'Unauthorized');
  if (path.startsWith('/api/auth/reset-password')) return ok({ sent: true });
  return fail(404, 'Not found');
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain' };

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
  const send = (status, type, buf, cache) => {
    const headers = { 'content-type': type, 'cache-control': cache };
    if (gzip && buf.length > 512) {
      buf = gzipSync(buf);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers).end(buf);
  };
  if (url.pathname.startsWith('/api/')) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const [status, body] = await api(req.method, url.pathname, raw ? JSON.parse(raw) : {});
    return send(status, 'application/json', Buffer.from(JSON.stringify(body)), 'no-store');
  }
  if (url.pathname === '/robots.txt') return send(200, 'text/plain', Buffer.from('User-agent: *\nAllow: /\n'), 'no-cache');
  const file = normalize(join(dist, url.pathname));
  if (file.startsWith(dist) && url.pathname !== '/' && (await stat(file).catch(() => null))?.isFile()) {
    const immutable = url.pathname.startsWith('/assets/');
    return send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file), immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  }
  return send(200, TYPES['.html'], await readFile(join(dist, 'index.html')), 'no-cache');
}).listen(port, () => console.log(`mock server on http://localhost:${port}`));
