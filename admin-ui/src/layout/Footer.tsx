import { Box, Link, Stack, Typography } from '@mui/material';
import { displayPhone, telHref } from '@shared/us-phone-format';
import { useSession } from '@/session/SessionContext';

const SOCIAL: { key: 'facebook' | 'twitter' | 'instagram' | 'youtube' | 'linkedin'; label: string }[] = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'youtube', label: 'YouTube' },
  { key: 'linkedin', label: 'LinkedIn' },
];

/**
 * Footer of spec 3 §2.13. Everyone who sees it is signed in as a teacher or an admin, so the legal links
 * are the teacher versions (/teacher-terms, /teacher-privacy). The phone is stored as 10 digits and shown in the
 * spec's format, as on the public pages.
 */
export function Footer() {
  const { branding, organization, user } = useSession();
  const fg = branding.footerTextColor;
  const orgQuery = user?.organizationId ? `?organizationId=${encodeURIComponent(user.organizationId)}` : '';
  const contact = organization?.contactInfo;
  const socials = SOCIAL.filter((s) => branding.socialLinks?.[s.key]);
  const linkSx = { color: fg, opacity: 0.9, '&:hover': { opacity: 1 } };
  return (
    <Box component="footer" sx={{ bgcolor: branding.footerBackgroundColor, color: fg, mt: 6, px: 3, py: 4 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ maxWidth: 1400, mx: 'auto' }} justifyContent="space-between">
        <Box>
          <Typography variant="h6" component="p" sx={{ color: fg }}>
            {branding.businessName}
          </Typography>
          {branding.slogan && (
            <Typography variant="body2" sx={{ opacity: 0.85, color: fg }}>
              {branding.slogan}
            </Typography>
          )}
          {socials.length > 0 && (
            <Stack direction="row" spacing={2} mt={1.5} flexWrap="wrap" useFlexGap>
              {socials.map((s) => (
                <Link
                  key={s.key}
                  href={branding.socialLinks[s.key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={linkSx}
                  underline="hover"
                >
                  {s.label}
                </Link>
              ))}
            </Stack>
          )}
        </Box>
        <Stack spacing={0.75}>
          <Link href={`/about-us${orgQuery}`} sx={linkSx} underline="hover">
            About Us
          </Link>
          <Link href={`/contact-us${orgQuery}`} sx={linkSx} underline="hover">
            Contact Us
          </Link>
          <Link href="/teacher-privacy" sx={linkSx} underline="hover">
            Privacy Policy
          </Link>
          <Link href="/teacher-terms" sx={linkSx} underline="hover">
            Terms of Service
          </Link>
          <Link href="/accessibility" sx={linkSx} underline="hover">
            Accessibility
          </Link>
        </Stack>
        {contact && (contact.address || contact.phone || contact.email) && (
          <Stack spacing={0.5}>
            <Typography variant="subtitle2" sx={{ color: fg }}>
              Contact
            </Typography>
            {contact.address && (
              <Typography variant="body2" sx={{ color: fg, opacity: 0.9 }}>
                {contact.address}
              </Typography>
            )}
            {contact.phone && (
              <Link href={telHref(contact.phone)} sx={linkSx} underline="hover" variant="body2">
                {displayPhone(contact.phone)}
              </Link>
            )}
            {contact.email && (
              <Link href={`mailto:${contact.email}`} sx={linkSx} underline="hover" variant="body2">
                {contact.email}
              </Link>
            )}
          </Stack>
        )}
      </Stack>
      <Typography variant="caption" component="p" sx={{ textAlign: 'center', mt: 3, opacity: 0.8, color: fg }}>
        © {new Date().getFullYear()} {branding.businessName}. All rights reserved.
      </Typography>
    </Box>
  );
}
