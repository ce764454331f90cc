import { useT } from '@/lib/i18n/useT';
import { Link } from 'wouter';
import { useSeo } from '@/lib/seo';

export function NoOrganization() {
  useSeo('org-classes');
  const t = useT();
  return (
    <div className="container org-empty">
      <div className="card org-empty__card">
        <h1>{t('org.noneTitle')}</h1>
        <p>{t('org.noneText')}</p>
        <Link href="/" className="btn">
          {t('org.goHome')}
        </Link>
      </div>
    </div>
  );
}
