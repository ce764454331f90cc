import { Initial1763800000000 } from './1763800000000-Initial';

/** Listed explicitly (no globs): works the same compiled, in tests and in the CLI. */
export const MIGRATIONS = [Initial1763800000000];
