import { Link } from 'wouter';
import type { LegalProps } from './legalProps';

export function TeacherPrivacy({ feePercent, supportEmail }: LegalProps) {
  return (
    <>
      <h2>1. Scope</h2>
      <p>
        This policy explains how Classlane handles information about Organizations, their administrators and teachers, and the student data
        Organizations manage on the Platform.
      </p>

      <h2>2. Information we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> names, email addresses, phone numbers, roles and hashed passwords.
        </li>
        <li>
          <strong>Organization data:</strong> name, domain, contact details, branding, settings, classes and schedules.
        </li>
        <li>
          <strong>Billing data:</strong> subscription plan, invoices and payment status. Card and bank details are held by our payment
          provider.
        </li>
        <li>
          <strong>Usage data:</strong> sign-ins and actions such as creating classes or sending messages, kept for security and reporting.
        </li>
      </ul>

      <h2>3. Student data</h2>
      <p>
        For student registrations, the Organization controls the data and we process it on its instructions: to run registration, payments (
        {feePercent}% platform fee on card transactions), attendance, reminders and reports. We do not use student data for our own
        marketing and never sell it.
      </p>

      <h2>4. How we use your information</h2>
      <ul>
        <li>To provide the service, bill subscriptions and give support.</li>
        <li>To keep the Platform secure, including rate limiting and detecting misuse.</li>
        <li>To send service messages such as security notices and changes to terms (at least 30 days before they apply).</li>
      </ul>

      <h2>5. Sub-processors</h2>
      <p>Hosting, email delivery, SMS delivery and payment processing providers, bound by data protection agreements.</p>

      <h2>6. Security and breach notification</h2>
      <p>
        Data is encrypted in transit; passwords are hashed; every request is limited to the caller’s own organization. If a breach affects
        your data we notify the Organization within 72 hours.
      </p>

      <h2>7. Retention and deletion</h2>
      <p>
        Data is kept while the account is active. After termination (30-day notice), data can be exported for 30 days and is then deleted,
        except records required by law.
      </p>

      <h2>8. Your rights</h2>
      <p>
        You can access, correct, export or delete your data from the admin area or by writing to{' '}
        {supportEmail ?? 'us through our contact page'}.
      </p>

      <h2>9. Contact</h2>
      <p>
        {supportEmail ? `${supportEmail} · ` : ''}
        <Link href="/contact-us">Contact page</Link> · <Link href="/teacher-terms">Terms for Organizations and Teachers</Link>
      </p>
    </>
  );
}
