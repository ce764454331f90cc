import { useT } from '@/lib/i18n/useT';
import type { Branding, ContactInfo } from '@/lib/models';
import { displayPhone, telHref } from '@shared/us-phone-format';
import { mapsLink, safeExternalUrl } from '@/lib/useOrganizationFromQuery';
import { Fact } from '@/components/ui/Fact';
import './OrgContactList.css';

const SOCIALS = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'] as const;
const SOCIAL_LABELS: Record<(typeof SOCIALS)[number], string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/** Contact email, phone (tel link), address (maps search), website and social links of an organization. */
export function OrgContactList({ contactInfo, branding }: { contactInfo: ContactInfo | null; branding: Partial<Branding> | null }) {
  const t = useT();
  const website = safeExternalUrl(branding?.websiteUrl);
  const socials = SOCIALS.map((key) => ({ key, url: safeExternalUrl(branding?.socialLinks?.[key]) })).filter((s) => s.url);
  return (
    <dl className="org-contact">
      {contactInfo?.email ? (
        <Fact term={t('contact.email')}>
          <a href={`mailto:${contactInfo.email}`}>{contactInfo.email}</a>
        </Fact>
      ) : null}
      {contactInfo?.phone ? (
        <Fact term={t('contact.phone')}>
          <a href={telHref(contactInfo.phone)}>{displayPhone(contactInfo.phone)}</a>
        </Fact>
      ) : null}
      {contactInfo?.address ? (
        <Fact term={t('contact.address')}>
          <a href={mapsLink(contactInfo.address)} target="_blank" rel="noopener noreferrer">
            {contactInfo.address}
            <span className="visually-hidden"> {t('contact.opensMap')}</span>
          </a>
        </Fact>
      ) : null}
      {website ? (
        <Fact term={t('contact.website')}>
          <a href={website} target="_blank" rel="noopener noreferrer">
            {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </a>
        </Fact>
      ) : null}
      {socials.length > 0 ? (
        <Fact term={t('contact.follow')} className="org-contact__social">
          {socials.map((s) => (
            <a key={s.key} href={s.url!} target="_blank" rel="noopener noreferrer">
              {SOCIAL_LABELS[s.key]}
            </a>
          ))}
        </Fact>
      ) : null}
    </dl>
  );
}
