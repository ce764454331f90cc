import { Link } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import { registerPath } from '@/lib/routing';
import { RegisterShell } from './RegisterShell';

/** A drop-in link whose session is no longer on sale (started, cancelled, full): say so, and offer the whole class. */
export function DropInUnavailable({ classId, organizationId }: { classId: string; organizationId: string }) {
  const t = useT();
  return (
    <RegisterShell>
      <Alert tone="warning">{t('dropIn.unavailable')}</Alert>
      <p>
        <Link href={registerPath(classId, organizationId)}>{t('dropIn.wholeClass')}</Link>
      </p>
    </RegisterShell>
  );
}
