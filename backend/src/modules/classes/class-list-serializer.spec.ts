import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { envelope, Serialized } from '../../common/http/envelope.interceptor';
import { CLASS_JSON_SCHEMA, mapClass, type ClassEntity } from './class.entity';
import { CLASS_LIST_REPLY } from './classes.controller';

const entity = (fields: Partial<ClassEntity> = {}): ClassEntity => ({
  id: '0b7f1c6e-3a52-4a7b-9c1d-100000000000',
  organizationId: '1b7f1c6e-3a52-4a7b-9c1d-000000000001',
  // Characters JSON must escape, and ones it must not.
  title: 'Wheel "throwing" \\ \u2028 \u0001 café 🎨',
  description: '',
  instructor: 'Ann',
  location: 'Room 1',
  status: 'Open',
  priceCents: 5001,
  discountPriceCents: null,
  dropInPriceCents: 2000,
  dropInCapacity: 2,
  dropInCutoffHours: 0,
  dropInPeak: 0,
  maxStudents: 12,
  enrolledStudents: 3,
  closedWhenFull: false,
  startDate: new Date('2031-03-04T05:06:07.089Z'),
  duration: 90,
  days: 4,
  schedule: 'Weekly',
  information: 'Bring an apron.\nAnd a towel.',
  materials: ['clay', { kind: 'glaze', grams: 50 }] as unknown as string[],
  minEnrollment: 2,
  decisionHoursBefore: 48,
  autoCancelBelowMinimum: true,
  goNoGo: 'pending',
  decidedAt: null,
  termId: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  locationId: null,
  roomId: null,
  instructorId: null,
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
  updatedAt: new Date('2030-01-02T00:00:00.000Z'),
  ...fields,
});

const term = {
  name: 'Fall',
  registrationOpensAt: new Date('2031-01-01T00:00:00.000Z'),
  registrationClosesAt: new Date('2031-02-01T00:00:00.000Z'),
  earlyAccessOpensAt: new Date('2030-12-01T00:00:00.000Z'),
};

describe('the class list compiled serializer', () => {
  // A real Fastify server (no inject: light-my-request does not load under this jest set-up). Each route answers as
  // Nest's adapter does with a route's result: the envelope, then Fastify's send.
  let app: FastifyInstance;
  let rows: unknown[] = [];
  let base = '';
  beforeAll(async () => {
    app = Fastify();
    app.get('/', (_req, reply) => reply.send(envelope(new Serialized(rows, CLASS_LIST_REPLY), reply)));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());
  const serve = async (data: unknown[]) => {
    rows = data;
    const res = await fetch(base);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  it('should give the bytes JSON.stringify gives, for every kind of value a class row holds', async () => {
    const page = [
      mapClass(entity()),
      mapClass(
        entity({ termId: 'c1', discountPriceCents: 4000, decidedAt: new Date('2031-03-02T00:00:00.000Z'), materials: [] }),
        term,
        'America/New_York',
      ),
      mapClass(entity({ registrationOpensAt: new Date('2031-01-05T00:00:00.000Z'), schedule: 'Consecutive', days: 1 })),
      // An opening with the organization's waiting room on: its end is a Date too.
      mapClass(entity({ registrationOpensAt: new Date('2031-01-05T00:00:00.000Z') }), null, 'UTC', 60),
      // Nulls where the entity says there are none (a row read before a column was filled) stay nulls.
      { ...mapClass(entity()), title: null, price: null, sessions: [], registrationWindow: null },
      // A key the schema does not name is still sent.
      { ...mapClass(entity()), addedLater: { nested: [1, 'two', null] } },
    ];
    // The compiled serializer works on the objects as the service returns them (Dates, not strings).
    const res = await serve(page);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify({ success: true, data: page, error: null }));
    // And on plain JSON values (dates already strings) too.
    const plain = JSON.parse(JSON.stringify(page)) as unknown[];
    expect((await serve(plain)).body).toBe(JSON.stringify({ success: true, data: plain, error: null }));
  });

  it('should name every field of a mapped class, in mapClass order', () => {
    const keys = Object.keys(mapClass(entity(), term, 'UTC'));
    expect(Object.keys(CLASS_JSON_SCHEMA.properties)).toEqual(keys);
    expect(Object.keys(CLASS_JSON_SCHEMA.properties.registrationWindow.properties)).toEqual(
      Object.keys(mapClass(entity(), term, 'UTC').registrationWindow),
    );
  });
});
