import { Link } from 'wouter';
import type { LegalProps } from './legalProps';

export function StudentTerms({ supportEmail, organizationName }: LegalProps) {
  const org = organizationName ?? 'the organization offering the class';
  return (
    <>
      <h2>1. About these terms</h2>
      <p>
        These terms apply when you browse classes or register for a class through Classlane (the “Platform”). Classes are offered by
        independent organizations such as studios, schools and community centers (“Organizations”), here {org}. By registering you agree to
        these terms and to the <Link href="/privacy">Student Privacy Policy</Link>.
      </p>

      <h2>2. Class registration</h2>
      <ul>
        <li>You must give accurate information: your name, email address and a US mobile or landline number.</li>
        <li>A registration is confirmed only when you see “Registration Successful!”.</li>
        <li>
          Classes have a maximum number of students. Seats are given in the order registrations are completed; a full class cannot accept
          more students.
        </li>
        <li>You can register only once per class with the same email address. To register another person, use their details.</li>
        <li>
          Organizations set class content, dates, locations and instructors and may change or cancel a class. They will tell you about
          changes using the contact details you provide.
        </li>
      </ul>

      <h2>3. Payment</h2>
      <ul>
        <li>Prices are shown in US dollars. When a discount applies, the discounted price is the amount due.</li>
        <li>
          <strong>Pay in person:</strong> your seat is reserved and the amount is due before the class starts. Organizations accept cash,
          credit and debit at the class. Please arrive 10-15 minutes early.
        </li>
        <li>
          <strong>Card payments:</strong> where offered, card payments are processed by our payment provider on behalf of the Organization.
          We never store your full card number.
        </li>
        <li>Refunds and cancellations follow the cancellation policy of the Organization. Contact the Organization to request a refund.</li>
      </ul>

      <h2>4. SMS and email messages (consent)</h2>
      <p>
        If you tick the communication box when registering, you agree to receive SMS text messages and emails from the Organization, sent
        through the Platform. Consent is not a condition of registering.
      </p>
      <h3>Message types</h3>
      <ul>
        <li>Registration and payment confirmations</li>
        <li>Class reminders and schedule changes, including cancellations</li>
        <li>Payment reminders and receipts</li>
        <li>Announcements and upcoming events from the Organization</li>
      </ul>
      <h3>Frequency and opting out</h3>
      <ul>
        <li>You will receive up to 5 messages per month.</li>
        <li>
          Reply <strong>STOP</strong> to any text message to opt out; you will receive one final message confirming it.
        </li>
        <li>
          Reply <strong>HELP</strong> for help{supportEmail ? `, or write to ${supportEmail}` : ''}.
        </li>
        <li>
          Message and data rates may apply according to your mobile carrier’s plan. Carriers are not liable for delayed or undelivered
          messages.
        </li>
        <li>Emails contain an unsubscribe link. Essential messages about a class you registered for may still be sent by email.</li>
      </ul>

      <h2>5. Privacy</h2>
      <p>
        We process your information as described in the <Link href="/privacy">Student Privacy Policy</Link>. The Organization receives your
        registration details to run the class and is responsible for its own use of them.
      </p>

      <h2>6. Acceptable use</h2>
      <p>Do not register on someone’s behalf without permission, submit false details, or attempt to disrupt or misuse the Platform.</p>

      <h2>7. Liability</h2>
      <p>
        Classes are delivered by the Organizations, not by the Platform. To the extent permitted by law, the Platform is not liable for the
        content, safety or delivery of classes. Nothing in these terms limits rights you have under consumer protection law.
      </p>

      <h2>8. Changes and contact</h2>
      <p>
        We may update these terms; the date at the top shows the latest version. Questions: {supportEmail ? `${supportEmail} or ` : ''}our{' '}
        <Link href="/contact-us">contact page</Link>.
      </p>
    </>
  );
}
