import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { rel, sourceFiles } from './source-files';

/**
 * The registration pipeline's shape (issue #38 §1, docs/architecture.md "Registration pipeline"): services in
 * registration/ and payments/ stay small enough to read (no constructor over 8 collaborators), and a class's seat
 * counter is written through one door (registration/seats.ts).
 */
const MAX_COLLABORATORS = 8;

/**
 * Services still over the limit, with their count when the rule came in: each may shrink but not grow, and leaves the
 * list once split (the switch's top-up, the student records' admin actions, and cancel and switch (refunds), still to
 * be split along their seams: the enrollment lifecycle of issue #38 §1).
 */
const ALLOWED = new Map<string, number>([
  ['modules/payments/top-ups.service.ts', 16],
  ['modules/registration/student-records.service.ts', 13],
  ['modules/payments/refunds.service.ts', 11],
]);

const inScope = (file: string) => /^modules\/(registration|payments)\/[^/]+\.ts$/.test(rel(file)) && !/\.(spec|e2e-spec)\.ts$/.test(file);

/** Each @Injectable class of a file with the number of its constructor's parameters. */
function injectableConstructors(file: string): { name: string; params: number }[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { name: string; params: number }[] = [];
  src.forEachChild((node) => {
    if (!ts.isClassDeclaration(node)) return;
    const injectable = (ts.getDecorators(node) ?? []).some((d) => /^Injectable\b/.test(d.expression.getText(src)));
    if (!injectable) return;
    const ctor = node.members.find(ts.isConstructorDeclaration);
    found.push({ name: node.name?.text ?? '(anonymous)', params: ctor?.parameters.length ?? 0 });
  });
  return found;
}

describe('the registration pipeline', () => {
  const files = sourceFiles().filter(inScope);

  it('should find the services it checks', () => {
    const names = files.flatMap((f) => injectableConstructors(f).map((c) => c.name));
    expect(names).toEqual(expect.arrayContaining(['Admission', 'SeatWriter', 'Seats', 'RegistrationService', 'CardPaymentsService']));
  });

  it(`should give no service in registration/ or payments/ more than ${MAX_COLLABORATORS} collaborators`, () => {
    const over = files.flatMap((f) =>
      injectableConstructors(f)
        .filter((c) => c.params > (ALLOWED.get(rel(f)) ?? MAX_COLLABORATORS))
        .map((c) => `${rel(f)} ${c.name}: ${c.params}`),
    );
    expect(over).toEqual([]);
  });

  it('should keep the list of services over the limit only for those still over it', () => {
    const byFile = new Map(files.map((f) => [rel(f), Math.max(0, ...injectableConstructors(f).map((c) => c.params))]));
    const stale = [...ALLOWED.keys()].filter((f) => (byFile.get(f) ?? 0) <= MAX_COLLABORATORS);
    expect(stale).toEqual([]);
  });

  it("should write a class's seat counter from at most two files (the classes module's service and registration/seats.ts)", () => {
    const callers = sourceFiles()
      .filter((f) => !/\.(spec|e2e-spec)\.ts$/.test(f))
      .filter((f) => /\.(takeSeat|claimSeat|releaseSeats)\(/.test(readFileSync(f, 'utf8')))
      .map(rel)
      .sort();
    expect(callers).toEqual(['modules/classes/classes.service.ts', 'modules/registration/seats.ts']);
  });
});
