import { Initial1763800000000 } from './1763800000000-Initial';
import { EnrollmentPaidAt1763900000000 } from './1763900000000-EnrollmentPaidAt';
import { EnrollmentRegisteredDetails1764000000000 } from './1764000000000-EnrollmentRegisteredDetails';
import { UserTokensValidAfter1764100000000 } from './1764100000000-UserTokensValidAfter';
import { AnalyticsEvents1764200000000 } from './1764200000000-AnalyticsEvents';
import { StripeEvents1764300000000 } from './1764300000000-StripeEvents';
import { CardPayments1764400000000 } from './1764400000000-CardPayments';
import { CardPaymentAmounts1764410000000 } from './1764410000000-CardPaymentAmounts';
import { Subscriptions1764500000000 } from './1764500000000-Subscriptions';
import { Communications1764600000000 } from './1764600000000-Communications';
import { Reporting1764700000000 } from './1764700000000-Reporting';
import { PlatformAuditLog1764800000000 } from './1764800000000-PlatformAuditLog';
import { EnrollmentsOrganizationIndex1764800000001 } from './1764800000001-EnrollmentsOrganizationIndex';
import { RatingMessages1764900000000 } from './1764900000000-RatingMessages';
import { Waitlist1765000000000 } from './1765000000000-Waitlist';
import { Households1765100000000 } from './1765100000000-Households';
import { GoNoGo1765200000000 } from './1765200000000-GoNoGo';
import { SessionNotes1765300000000 } from './1765300000000-SessionNotes';
import { EnrollmentsStudentIndex1765400000000 } from './1765400000000-EnrollmentsStudentIndex';
import { AttendanceTallies1765500000000 } from './1765500000000-AttendanceTallies';
import { DropRatingRequests1765500000001 } from './1765500000001-DropRatingRequests';
import { TallyTriggerFastPath1765500000002 } from './1765500000002-TallyTriggerFastPath';
import { RefundsPerEnrollment1765600000000 } from './1765600000000-RefundsPerEnrollment';
import { RefundChecks1765700000100 } from './1765700000100-RefundChecks';
import { SubscriptionFirstStarted1765700000400 } from './1765700000400-SubscriptionFirstStarted';
import { ClassSessionStart1765750000000 } from './1765750000000-ClassSessionStart';
import { ApiKeys1766500000000 } from './1766500000000-ApiKeys';
import { Webhooks1766500000100 } from './1766500000100-Webhooks';
import { CalendarFeeds1766500000200 } from './1766500000200-CalendarFeeds';
import { RateLimitCounters1766600000000 } from './1766600000000-RateLimitCounters';
import { Terms1767100000000 } from './1767100000000-Terms';
import { OrganizationUsage1767200000000 } from './1767200000000-OrganizationUsage';
import { WaiverSignLinks1767500000000 } from './1767500000000-WaiverSignLinks';
import { EnrollmentTopUps1767700000000 } from './1767700000000-EnrollmentTopUps';
import { TopUpDueCancelled1768500000000 } from './1768500000000-TopUpDueCancelled';
import { OrganizationConfigVersion1768800000000 } from './1768800000000-OrganizationConfigVersion';
import { WaitingRoomLines1769000000000 } from './1769000000000-WaitingRoomLines';
import { ReportDiscountedPayments1769100000000 } from './1769100000000-ReportDiscountedPayments';
import { WaitingRoomLinesOpensAt1769200000000 } from './1769200000000-WaitingRoomLinesOpensAt';
import { TermsConfigVersion1769400000000 } from './1769400000000-TermsConfigVersion';
import { EarlyAccessMessageKind1769450000000 } from './1769450000000-EarlyAccessMessageKind';
import { TenantIndexes1770000000000 } from './1770000000000-TenantIndexes';
import { FairOutboxIndex1770000000001 } from './1770000000001-FairOutboxIndex';
import { ClassSessions1770040000000 } from './1770040000000-ClassSessions';
import { LocationsRoomsInstructors1770050000000 } from './1770050000000-LocationsRoomsInstructors';
import { ClassPlacesAsRecords1770050000001 } from './1770050000001-ClassPlacesAsRecords';
import { Receipts1770070000000 } from './1770070000000-Receipts';
import { OutboundLimits1771009000000 } from './1771009000000-OutboundLimits';
import { Retention1771009000001 } from './1771009000001-Retention';
import { InstalmentCharges1771009000002 } from './1771009000002-InstalmentCharges';
import { WholeTenantIndexes1772000000000 } from './1772000000000-WholeTenantIndexes';
import { StatementEmailRuns1772007000000 } from './1772007000000-StatementEmailRuns';
import { JobClaimIndexes1773007000000 } from './1773007000000-JobClaimIndexes';
import { MembershipRenewals1773001000000 } from './1773001000000-MembershipRenewals';
import { RegistrationFeeHolders1773005000000 } from './1773005000000-RegistrationFeeHolders';
import { InstalmentDisputes1773003000000 } from './1773003000000-InstalmentDisputes';
import { InstalmentAttempts1773003000001 } from './1773003000001-InstalmentAttempts';
import { PlanMoney1772001000000 } from './1772001000000-PlanMoney';
import { Credits1772003000000 } from './1772003000000-Credits';
import { CreditProducts1772004000000 } from './1772004000000-CreditProducts';
import { Memberships1772004000001 } from './1772004000001-Memberships';
import { Makeups1772005000000 } from './1772005000000-Makeups';
import { PaymentPlans1771001000000 } from './1771001000000-PaymentPlans';
import { PaymentDisputes1771002000000 } from './1771002000000-PaymentDisputes';
import { DropIns1771006000000 } from './1771006000000-DropIns';
import { StaffLanguage1771007000000 } from './1771007000000-StaffLanguage';
import { StudentLanguage1772006000000 } from './1772006000000-StudentLanguage';
import { RegistrationFeeCharges1771008000000 } from './1771008000000-RegistrationFeeCharges';
import { RoomBookings1771005000000 } from './1771005000000-RoomBookings';
import { RegistrationForms1766200000000 } from './1766200000000-RegistrationForms';
import { PortalLinks1766100000000 } from './1766100000000-PortalLinks';
import { Pricing1766300000000 } from './1766300000000-Pricing';

/** Listed explicitly (no globs): works the same compiled, in tests and in the CLI. */
export const MIGRATIONS = [
  Initial1763800000000,
  EnrollmentPaidAt1763900000000,
  EnrollmentRegisteredDetails1764000000000,
  UserTokensValidAfter1764100000000,
  AnalyticsEvents1764200000000,
  StripeEvents1764300000000,
  CardPayments1764400000000,
  CardPaymentAmounts1764410000000,
  Subscriptions1764500000000,
  Communications1764600000000,
  Reporting1764700000000,
  PlatformAuditLog1764800000000,
  EnrollmentsOrganizationIndex1764800000001,
  RatingMessages1764900000000,
  Waitlist1765000000000,
  Households1765100000000,
  GoNoGo1765200000000,
  SessionNotes1765300000000,
  EnrollmentsStudentIndex1765400000000,
  AttendanceTallies1765500000000,
  DropRatingRequests1765500000001,
  TallyTriggerFastPath1765500000002,
  RefundsPerEnrollment1765600000000,
  RefundChecks1765700000100,
  SubscriptionFirstStarted1765700000400,
  ClassSessionStart1765750000000,
  PortalLinks1766100000000,
  RegistrationForms1766200000000,
  Pricing1766300000000,
  ApiKeys1766500000000,
  Webhooks1766500000100,
  CalendarFeeds1766500000200,
  RateLimitCounters1766600000000,
  Terms1767100000000,
  OrganizationUsage1767200000000,
  WaiverSignLinks1767500000000,
  EnrollmentTopUps1767700000000,
  TopUpDueCancelled1768500000000,
  OrganizationConfigVersion1768800000000,
  WaitingRoomLines1769000000000,
  ReportDiscountedPayments1769100000000,
  WaitingRoomLinesOpensAt1769200000000,
  TermsConfigVersion1769400000000,
  EarlyAccessMessageKind1769450000000,
  TenantIndexes1770000000000,
  FairOutboxIndex1770000000001,
  ClassSessions1770040000000,
  LocationsRoomsInstructors1770050000000,
  ClassPlacesAsRecords1770050000001,
  Receipts1770070000000,
  PaymentPlans1771001000000,
  PaymentDisputes1771002000000,
  RoomBookings1771005000000,
  DropIns1771006000000,
  StaffLanguage1771007000000,
  RegistrationFeeCharges1771008000000,
  OutboundLimits1771009000000,
  Retention1771009000001,
  InstalmentCharges1771009000002,
  WholeTenantIndexes1772000000000,
  PlanMoney1772001000000,
  Credits1772003000000,
  CreditProducts1772004000000,
  Memberships1772004000001,
  Makeups1772005000000,
  StudentLanguage1772006000000,
  StatementEmailRuns1772007000000,
  MembershipRenewals1773001000000,
  InstalmentDisputes1773003000000,
  InstalmentAttempts1773003000001,
  RegistrationFeeHolders1773005000000,
  JobClaimIndexes1773007000000,
];
