import { Link } from 'wouter';
import { useSeo } from '@/lib/seo';

export function NoOrganization() {
  useSeo('org-classes');
  return (
    <div className="container org-empty">
      <div className="card org-empty__card">
        <h1>No Organization Selected</h1>
        <p>Please use a valid organization link to view classes.</p>
        <Link href="/" className="btn">
          Go to Home Page
        </Link>
      </div>
    </div>
  );
}
