import { Initial1763800000000 } from './1763800000000-Initial';
import { EnrollmentPaidAt1763900000000 } from './1763900000000-EnrollmentPaidAt';
import { EnrollmentRegisteredDetails1764000000000 } from './1764000000000-EnrollmentRegisteredDetails';
import { UserTokensValidAfter1764100000000 } from './1764100000000-UserTokensValidAfter';
import { AnalyticsEvents1764200000000 } from './1764200000000-AnalyticsEvents';
import { StripeEvents1764300000000 } from './1764300000000-StripeEvents';
import { CardPayments1764400000000 } from './1764400000000-CardPayments';
import { Reporting1764700000000 } from './1764700000000-Reporting';

/** Listed explicitly (no globs): works the same compiled, in tests and in the CLI. */
export const MIGRATIONS = [
  Initial1763800000000,
  EnrollmentPaidAt1763900000000,
  EnrollmentRegisteredDetails1764000000000,
  UserTokensValidAfter1764100000000,
  AnalyticsEvents1764200000000,
  StripeEvents1764300000000,
  CardPayments1764400000000,
  Reporting1764700000000,
];
