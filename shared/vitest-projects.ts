import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

const MOCKS_A_MODULE = /\bvi\.(doMock|mock)\(/;

/**
 * A front end's unit tests as two Vitest projects. Most test files share their worker's module registry
 * (`isolate: false`): isolated, every file imported React, MUI, react-admin and a new jsdom again, which was most of
 * the six minutes each front end's tests took in CI (import 150 s and environment 115 s of admin-ui's 356 s); shared,
 * the whole suite takes about a quarter of that. A file that replaces a module (`vi.mock`) needs a registry of its own,
 * or the replacement and the real module would meet in other files: those files are found by reading them, so a new one
 * is isolated without anyone listing it. The config that uses this sets no `include` of its own: a project extending it
 * would add its files to that list rather than replace it.
 */
export function unitTestProjects(root: string, srcDir = 'src'): TestProjectInlineConfiguration[] {
  const files = (fs.readdirSync(path.join(root, srcDir), { recursive: true }) as string[])
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.posix.join(srcDir, f.split(path.sep).join('/')));
  const mocking = files.filter((f) => MOCKS_A_MODULE.test(fs.readFileSync(path.join(root, f), 'utf8')));
  const shared: TestProjectInlineConfiguration = {
    extends: true,
    test: { name: 'shared', include: [`${srcDir}/**/*.test.{ts,tsx}`], exclude: [...configDefaults.exclude, ...mocking], isolate: false },
  };
  if (mocking.length === 0) return [shared];
  return [shared, { extends: true, test: { name: 'isolated', include: mocking, isolate: true } }];
}
