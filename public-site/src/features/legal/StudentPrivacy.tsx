import { Link } from 'wouter';
import type { LegalProps } from './legalProps';

export function StudentPrivacy({ supportEmail }: LegalProps) {
  return (
    <>
      <h2>1. Who we are</h2>
      <p>
        Classlane provides class registration pages for Organizations. For registrations, the Organization offering the class decides why
        your information is used; we process it on its behalf and for running the Platform safely.
      </p>

      <h2>2. Information we collect</h2>
      <ul>
        <li>
          <strong>Registration details:</strong> first and last name, email address, phone number, the classes you register for and your
          communication choice.
        </li>
        <li>
          <strong>Payment details:</strong> payment status, amount and method. Card data is handled by our payment provider; we never see or
          store full card numbers.
        </li>
        <li>
          <strong>Messages:</strong> what you send through contact forms.
        </li>
        <li>
          <strong>Technical data:</strong> basic logs (IP address, browser, pages requested) kept for security and troubleshooting.
        </li>
      </ul>

      <h2>3. How we use it</h2>
      <ul>
        <li>To register you, hold your seat and let the Organization and instructor see their class roster.</li>
        <li>To send confirmations, reminders, schedule changes and payment messages.</li>
        <li>To send SMS messages only if you opted in (up to 5 per month; reply STOP to opt out, HELP for help).</li>
        <li>To prevent fraud and abuse, and to meet legal obligations.</li>
      </ul>
      <p>We do not sell your personal information and we do not use third-party advertising trackers on these pages.</p>

      <h2>4. Sharing</h2>
      <ul>
        <li>With the Organization running your class, and its instructors.</li>
        <li>
          With service providers that help us operate: hosting, email and SMS delivery, and card payment processing, under contracts that
          protect your data.
        </li>
        <li>When required by law or to protect the safety of people.</li>
      </ul>

      <h2>5. Retention</h2>
      <p>
        Registration records are kept while the Organization uses the Platform and as long as needed for accounting and legal requirements,
        then deleted or anonymized.
      </p>

      <h2>6. Security</h2>
      <p>
        Data is encrypted in transit, access is limited to authorized staff of the Organization and the Platform, and each Organization can
        see only its own students.
      </p>

      <h2>7. Your choices and rights</h2>
      <ul>
        <li>
          Ask the Organization, or us {supportEmail ? `at ${supportEmail}` : 'through our contact page'}, to access, correct or delete your
          information.
        </li>
        <li>Opt out of SMS by replying STOP, and of emails with the unsubscribe link.</li>
        <li>
          California residents have rights under the CCPA/CPRA, including the right to know and to delete; we honour them for all users.
        </li>
      </ul>

      <h2>8. Children</h2>
      <p>Registrations for children under 13 must be made by a parent or guardian using the parent’s contact details.</p>

      <h2>9. Contact</h2>
      <p>
        Questions about privacy: {supportEmail ? `${supportEmail} or ` : ''}our <Link href="/contact-us">contact page</Link>.
      </p>
    </>
  );
}
