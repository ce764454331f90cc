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
    expect(names).toEqual(
      expect.arrayContaining([
        'Admission',
        'SeatWriter',
        'Seats',
        'RegistrationService',
        'CardPaymentsService',
        'EnrollmentLifecycleService',
      ]),
    );
  });

  it(`should give no service in registration/ or payments/ more than ${MAX_COLLABORATORS} collaborators`, () => {
    const over = files.flatMap((f) =>
      injectableConstructors(f)
        .filter((c) => c.params > MAX_COLLABORATORS)
        .map((c) => `${rel(f)} ${c.name}: ${c.params}`),
    );
    expect(over).toEqual([]);
  });

  it("should write a class's seat counter from at most two files (the classes module's service and registration/seats.ts)", () => {
    const callers = sourceFiles()
      .filter((f) => !/\.(spec|e2e-spec)\.ts$/.test(f))
      .filter((f) => /\.(takeSeat|claimSeat|releaseSeats)\(/.test(readFileSync(f, 'utf8')))
      .map(rel)
      .sort();
    expect(callers).toEqual(['modules/classes/classes.service.ts', 'modules/registration/seats.ts']);
  });

  it("should cancel, switch and expire held seats only through the enrollment's lifecycle (registration/)", () => {
    const product = sourceFiles().filter((f) => !/\.(spec|e2e-spec)\.ts$/.test(f));
    const calling = (pattern: RegExp) => product.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map(rel);
    // A switch's move and the card holds' expiry batch are called from registration only.
    expect(calling(/\.(moveToClass|claimExpiredHolds|expireMany)\(/).filter((f) => !f.startsWith('modules/registration/'))).toEqual([]);
    // A switch's top-up hold is ended, and lapsed ones claimed, through the port payments fills for the lifecycle.
    expect(calling(/\.(endHold|claimExpired)\(/)).toEqual(['modules/payments/enrollment-payments.adapter.ts']);
  });
});
