/**
 * Screenshots of every public page at desktop (1280x800) and mobile (390x844) into .tmp/shots/public/.
 * Usage: node public-site/dev/screenshots.mjs http://localhost:3102 [orgId] [classId] [closedClassId]
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3102';
const org = process.argv[3] ?? 'a0000000-0000-4000-8000-000000000001';
const cls = process.argv[4] ?? 'c0000000-0000-4000-8000-000000000001';
const closed = process.argv[5] ?? 'c0000000-0000-4000-8000-000000000004';
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const out = new URL('../../.tmp/shots/public/', import.meta.url).pathname;
await mkdir(out, { recursive: true });

const pages = {
  home: '/',
  org: `/org/${org}`,
  'org-calendar': `/org/${org}#calendar`,
  class: `/class/${cls}?organizationId=${org}`,
  'class-closed': `/class/${closed}`,
  'class-missing': '/class/00000000-0000-4000-8000-00000000dead',
  register: `/register/${cls}?org=${org}`,
  'no-org': '/org',
  terms: '/terms',
  'teacher-terms': '/teacher-terms',
  about: '/about-us',
  'about-org': `/about-us?organizationId=${org}`,
  contact: '/contact-us',
  'contact-org': `/contact-us?organizationId=${org}`,
  signin: '/signin',
  reset: '/reset-password?token=abc',
  'use-case': '/use-cases/community-programs',
  'senior-centers': '/senior-centers',
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${label}] pageerror`, e.message));
  page.on('console', (m) => m.type() === 'error' && console.error(`[${label}] console`, m.text()));
  for (const [name, path] of Object.entries(pages)) {
    if (only && !only.includes(name)) continue;
    await page.goto(base + path.replace('#calendar', ''), { waitUntil: 'networkidle' });
    if (path.endsWith('#calendar')) {
      await page.getByRole('button', { name: 'Calendar' }).click();
    }
    await page.screenshot({ path: `${out}${name}-${label}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
console.log('saved to', out);
