import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useOrganization } from '@/lib/OrganizationContext';
import { orgPath, withOrgQuery } from '@/lib/routing';
import { getStoredUser } from '@/lib/storage';
import { useT } from '@/lib/i18n/useT';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Site header: the organization's name and logo on organization pages, the product's otherwise. */
export function SiteHeader() {
  const { organizationId: scopeId, branding, organizationMissing } = useOrganization();
  // An unknown organization id shows the product's header: its links would all lead to "not found" pages.
  const organizationId = organizationMissing ? null : scopeId;
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location]);
  const user = getStoredUser();
  const t = useT();

  const links: { href: string; label: string }[] = organizationId
    ? [
        { href: orgPath(organizationId), label: t('nav.classes') },
        { href: withOrgQuery('/about-us', organizationId), label: t('nav.about') },
        { href: withOrgQuery('/contact-us', organizationId), label: t('nav.contact') },
      ]
    : [
        { href: '/#use-cases', label: t('nav.useCases') },
        { href: '/#features', label: t('nav.features') },
        { href: '/#pricing', label: t('nav.pricing') },
        { href: '/about-us', label: t('nav.about') },
        { href: '/contact-us', label: t('nav.contact') },
      ];

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
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
        <LanguageSwitcher />
        <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen((v) => !v)}>
          <span className="nav-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <nav id="site-nav" className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label={t('nav.main')}>
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                {link.href.includes('#') ? <a href={link.href}>{link.label}</a> : <Link href={link.href}>{link.label}</Link>}
              </li>
            ))}
            <li>
              {user ? (
                <a className="site-nav__cta" href={user.role === 'admin' ? '/admin' : '/teacher'}>
                  {user.role === 'admin' ? t('nav.dashboard') : t('nav.teacherView')}
                </a>
              ) : (
                <Link className="site-nav__cta" href="/signin">
                  {t('nav.signIn')}
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
