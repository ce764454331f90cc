import { useT } from '@/lib/i18n/useT';
import { Link } from 'wouter';
import { OrgContactList } from '@/components/org/OrgContactList';
import { Alert } from '@/components/ui/Alert';
import { orgPath } from '@/lib/routing';
import type { RegistrationClosed } from './api/checkEnrollment';

/**
 * Step 1 ends here when the organization cannot take a new student (its plan's student limit): the student
 * learns it before typing payment details, and whom to contact instead. The page shows it too once the class's
 * registration has closed ('Registration for Wheel Throwing closed Friday, June 4 at 5:00 PM.').
 */
export function RegistrationClosedNotice({ closed, organizationId }: { closed: RegistrationClosed; organizationId: string }) {
  const t = useT();
  const hasContact = Boolean(closed.contactInfo?.email || closed.contactInfo?.phone || closed.contactInfo?.address);
  return (
    <div className="stack">
      <Alert tone="warning" title={t('register.closedTitle')}>
        {closed.message}
      </Alert>
      {hasContact ? (
        <section aria-labelledby="registration-closed-contact">
          <h3 id="registration-closed-contact">
            {closed.organizationName ? t('register.contactOrg', { name: closed.organizationName }) : t('register.contactTheOrg')}
          </h3>
          <OrgContactList contactInfo={closed.contactInfo} branding={null} />
        </section>
      ) : null}
      <p>
        <Link href={orgPath(organizationId)}>{t('register.browseOther')}</Link>
      </p>
    </div>
  );
}
