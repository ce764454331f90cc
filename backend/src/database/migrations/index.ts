import { Initial1763800000000 } from './1763800000000-Initial';
import { EnrollmentPaidAt1763900000000 } from './1763900000000-EnrollmentPaidAt';
import { AnalyticsEvents1764000000000 } from './1764000000000-AnalyticsEvents';

/** Listed explicitly (no globs): works the same compiled, in tests and in the CLI. */
export const MIGRATIONS = [Initial1763800000000, EnrollmentPaidAt1763900000000, AnalyticsEvents1764000000000];
