import { Link } from 'wouter';
import type { LegalProps } from './legalProps';

export function TeacherTerms({ feePercent, supportEmail }: LegalProps) {
  return (
    <>
      <h2>1. Agreement</h2>
      <p>
        These terms form the agreement between Classlane (the “Platform”) and the organization that creates an account (“Organization”),
        including its administrators and teachers. By creating an organization you accept them on the Organization’s behalf.
      </p>

      <h2>2. Accounts and roles</h2>
      <ul>
        <li>
          The person who registers the Organization becomes its administrator and is responsible for the accounts they create for teachers
          and staff.
        </li>
        <li>Keep passwords confidential and tell us promptly about any unauthorized use.</li>
        <li>You are responsible for the accuracy of class information, prices and schedules you publish.</li>
      </ul>

      <h2>3. Subscription plans</h2>
      <ul>
        <li>
          The Platform offers subscription tiers (for example Free, Essential and Professional) with different limits and features, shown on
          the pricing page.
        </li>
        <li>Paid subscriptions are billed monthly or annually in advance and renew automatically until cancelled.</li>
        <li>
          When a plan limit is reached (classes, students or transactions), new items cannot be added until you upgrade or the period
          resets.
        </li>
        <li>Price changes are announced at least 30 days before they apply to you.</li>
      </ul>

      <h2>4. Payments and platform fee</h2>
      <ul>
        <li>
          Online card payments are processed through a connected account with our payment provider, opened in the Organization’s name. You
          must accept the provider’s terms.
        </li>
        <li>
          The Platform charges a platform fee of <strong>{feePercent}%</strong> of the gross amount of each card transaction, deducted
          automatically when the payment is made. Card processing fees of the provider (currently 2.9% + 30¢ per transaction) apply in
          addition.
        </li>
        <li>In-person payments are collected by the Organization directly; no platform fee applies to them.</li>
        <li>The Organization is responsible for its refund policy, for refunds it grants, for chargebacks and for taxes on its income.</li>
      </ul>

      <h2>5. Students and communications</h2>
      <ul>
        <li>You may use student data only to run your classes and related communications, as described in the Privacy Policy.</li>
        <li>SMS messages may be sent only to students who opted in, at most 5 a month, and must honour STOP and HELP replies.</li>
        <li>We recommend at least 24 hours notice to students for schedule changes, except in emergencies.</li>
      </ul>

      <h2>6. Acceptable use</h2>
      <p>
        No unlawful, misleading or harmful content; no spam; no attempts to access other organizations’ data or to disrupt the Platform.
      </p>

      <h2>7. Data protection and security</h2>
      <p>
        Each Organization’s data is kept separate from every other Organization’s. If we become aware of a security breach affecting your
        data, we will notify the Organization within 72 hours, with what we know and the steps taken.
      </p>

      <h2>8. Cancellation and termination</h2>
      <ul>
        <li>Either party may end this agreement with 30-day notice in writing (email is sufficient).</li>
        <li>We may suspend an account immediately for serious breaches such as fraud or abuse, and will explain why.</li>
        <li>After termination you can export your data for 30 days; then it is deleted, except what we must keep by law.</li>
      </ul>

      <h2>9. Liability</h2>
      <p>
        The Platform is provided with reasonable care and skill. To the extent permitted by law, our total liability is limited to the fees
        you paid us in the 12 months before the claim; we are not liable for indirect or consequential losses.
      </p>

      <h2>10. Changes and contact</h2>
      <p>
        We will announce material changes to these terms at least 30 days in advance. Contact: {supportEmail ? `${supportEmail} or ` : ''}
        our <Link href="/contact-us">contact page</Link>. See also the{' '}
        <Link href="/teacher-privacy">Privacy Policy for Organizations and Teachers</Link>.
      </p>
    </>
  );
}
