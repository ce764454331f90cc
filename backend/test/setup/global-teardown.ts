import fs from 'node:fs';

export default async function globalTeardown() {
  const state = (globalThis as Record<string, unknown>).__classlanePg as { db: { stop(): Promise<void> }; dir: string } | undefined;
  if (!state) return;
  await state.db.stop();
  fs.rmSync(state.dir, { recursive: true, force: true });
}
