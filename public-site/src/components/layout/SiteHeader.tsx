import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useOrganization } from '@/lib/OrganizationContext';
import { orgPath, withOrgQuery } from '@/lib/routing';
import { getStoredUser } from '@/lib/storage';

/** Site header: the organization's name and logo on organization pages, the product's otherwise. */
export function SiteHeader() {
  const { organizationId: scopeId, branding, organizationMissing } = useOrganization();
  // An unknown organization id shows the product's header: its links would all lead to "not found" pages.
  const organizationId = organizationMissing ? null : scopeId;
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location]);
  const user = getStoredUser();

  const links: { href: string; label: string }[] = organizationId
    ? [
        { href: orgPath(organizationId), label: 'Classes' },
        { href: withOrgQuery('/about-us', organizationId), label: 'About' },
        { href: withOrgQuery('/contact-us', organizationId), label: 'Contact' },
      ]
    : [
        { href: '/#use-cases', label: 'Use Cases' },
        { href: '/#features', label: 'Features' },
        { href: '/#pricing', label: 'Pricing' },
        { href: '/about-us', label: 'About' },
        { href: '/contact-us', label: 'Contact' },
      ];

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <div className="site-header__inner container">
        <Link href={orgPath(organizationId)} className="brand">
          {branding.logoUrl ? (
            <img className="brand__logo" src={branding.logoUrl} alt="" width="36" height="36" />
          ) : (
            <span className="brand__mark" aria-hidden="true">
              {branding.businessName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="brand__name">{branding.businessName}</span>
        </Link>
        <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen((v) => !v)}>
          <span className="nav-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="site-nav" className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                {link.href.includes('#') ? <a href={link.href}>{link.label}</a> : <Link href={link.href}>{link.label}</Link>}
              </li>
            ))}
            <li>
              {user ? (
                <a className="site-nav__cta" href={user.role === 'admin' ? '/admin' : '/teacher'}>
                  {user.role === 'admin' ? 'Dashboard' : 'Teacher view'}
                </a>
              ) : (
                <Link className="site-nav__cta" href="/signin">
                  Sign In
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
