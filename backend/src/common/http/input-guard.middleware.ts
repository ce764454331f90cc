import type { FastifyInstance } from 'fastify';

/** JSON deeper than this is no request any form sends; deeper bodies are refused before validation. */
export const MAX_BODY_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- finding NUL bytes is the point
const NUL_IN_URL = /%00|\u0000/i;

/**
 * A preValidation hook: it runs after the body parsers and before the guards, pipes and handler. NUL bytes
 * (which PostgreSQL cannot store in text and which no field needs) in the path, the query or any body string
 * or key, and bodies nested deeper than MAX_BODY_DEPTH (which blow the validator's recursion), get a 400 here,
 * in one place, instead of a database error or a stack overflow later. A GET without a body costs one regex test.
 */
export function installInputGuard(instance: FastifyInstance): void {
  instance.addHook('preValidation', (req, reply, done) => {
    const problem = NUL_IN_URL.test(req.url) ? 'The request contains a NUL character' : bodyProblem(req.body);
    if (!problem) return done();
    void reply.code(400).send({ success: false, data: null, error: problem });
  });
}

/** Iterative, so a body nested thousands of levels deep cannot overflow the stack here either. */
function bodyProblem(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'The request contains a NUL character';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) return `The request body is nested more than ${MAX_BODY_DEPTH} levels deep`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'The request contains a NUL character';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}
