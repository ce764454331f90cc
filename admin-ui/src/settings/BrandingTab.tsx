import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSaveAction } from '@/common/useSaveAction';
import { PlanUpsell } from '@/common/PlanUpsell';
import { useSession } from '@/session/SessionContext';
import { withDefaults } from '@/layout/themes';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { Branding, Plan, Settings } from '@/providers/types';
import { lowContrast } from '@/settings/contrast';

/** Upsell naming the cheapest plan with customBranding (spec README decision 3). */
export function BrandingUpsell({ plans }: { plans?: Plan[] }) {
  return (
    <PlanUpsell
      plans={plans}
      feature="customBranding"
      offered={(name) => `Site branding (your logo, colours and slogan on every page) is available from the ${name} plan.`}
      missing="Site branding is not included in your plan."
      sx={{ mb: 2.5 }}
    />
  );
}

const COLOR_FIELDS: { key: keyof Branding; label: string }[] = [
  { key: 'primaryColor', label: 'Primary colour' },
  { key: 'secondaryColor', label: 'Secondary colour' },
  { key: 'headerBackgroundColor', label: 'Header background' },
  { key: 'headerTextColor', label: 'Header text' },
  { key: 'footerBackgroundColor', label: 'Footer background' },
  { key: 'footerTextColor', label: 'Footer text' },
];
const SOCIAL = ['facebook', 'twitter', 'instagram', 'youtube', 'linkedin'] as const;

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Box
        component="input"
        type="color"
        value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        aria-label={`${label} picker`}
        sx={{ width: 44, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
      />
      <TextField label={label} value={value} onChange={(e) => onChange(e.target.value)} />
    </Stack>
  );
}

/** Site Branding form with a live preview and the low-contrast warning (spec 3 §2.6, §5). */
export function BrandingTab({ settings }: { settings: Settings }) {
  const dp = useDataProvider<AppDataProvider>();
  const { reloadOrganization } = useSession();
  const [b, setB] = useState<Branding>(() => {
    const merged = withDefaults(settings.branding);
    // The admin branding form defaults the secondary colour to #0F2A44 (spec 3 §3).
    return { ...merged, secondaryColor: settings.branding?.secondaryColor || '#0F2A44' };
  });
  const { busy, success, error, run } = useSaveAction('Failed to save branding settings. Please try again', { ownWords: true });
  const warn = lowContrast(b.headerBackgroundColor, b.headerTextColor) || lowContrast(b.footerBackgroundColor, b.footerTextColor);
  const set = (key: keyof Branding) => (v: string) => setB((x) => ({ ...x, [key]: v }));

  const save = () =>
    run(async (saved) => {
      await dp.saveBranding(b);
      saved('Branding settings saved successfully!');
      await reloadOrganization();
    });

  return (
    <Stack spacing={2.5}>
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Site Branding
            </Typography>
            <Grid container spacing={2}>
              <Grid size={12}>
                <TextField label="Business name" value={b.businessName} onChange={(e) => set('businessName')(e.target.value)} />
              </Grid>
              <Grid size={12}>
                <TextField label="Slogan" value={b.slogan} onChange={(e) => set('slogan')(e.target.value)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label="Logo address" value={b.logoUrl} onChange={(e) => set('logoUrl')(e.target.value)} type="url" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label="Website" value={b.websiteUrl} onChange={(e) => set('websiteUrl')(e.target.value)} type="url" />
              </Grid>
              {COLOR_FIELDS.map((f) => (
                <Grid key={f.key} size={{ xs: 12, sm: 6 }}>
                  <ColorField label={f.label} value={String(b[f.key] ?? '')} onChange={set(f.key)} />
                </Grid>
              ))}
              {SOCIAL.map((s) => (
                <Grid key={s} size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label={s[0].toUpperCase() + s.slice(1)}
                    type="url"
                    value={b.socialLinks?.[s] ?? ''}
                    onChange={(e) => setB((x) => ({ ...x, socialLinks: { ...x.socialLinks, [s]: e.target.value } }))}
                  />
                </Grid>
              ))}
            </Grid>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: 130 }} aria-label="Live preview">
            <Typography variant="h6" component="h2" gutterBottom>
              Live preview
            </Typography>
            {warn && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Warning: Low contrast between background and text may affect readability
              </Alert>
            )}
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
              <Box
                sx={{ bgcolor: b.headerBackgroundColor, color: b.headerTextColor, p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}
              >
                {b.logoUrl && <Box component="img" src={b.logoUrl} alt="" sx={{ height: 32, maxWidth: 80, objectFit: 'contain' }} />}
                <Box>
                  <Typography fontWeight={700} sx={{ color: 'inherit' }}>
                    {b.businessName || 'Business name'}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'inherit', opacity: 0.85 }}>
                    {b.slogan}
                  </Typography>
                </Box>
              </Box>
              <Box sx={{ p: 2, bgcolor: '#fafafa' }}>
                <Typography variant="subtitle2">Pottery for Beginners</Typography>
                <Typography variant="body2" color="text.secondary" mb={1.5}>
                  Sample class card
                </Typography>
                <Stack direction="row" spacing={1}>
                  <Box
                    component="span"
                    sx={{ bgcolor: b.primaryColor, color: '#fff', px: 1.5, py: 0.75, borderRadius: 1, fontSize: 14, fontWeight: 600 }}
                  >
                    Register Now
                  </Box>
                  <Box
                    component="span"
                    sx={{
                      border: `1px solid ${b.secondaryColor}`,
                      color: b.secondaryColor,
                      px: 1.5,
                      py: 0.75,
                      borderRadius: 1,
                      fontSize: 14,
                      fontWeight: 600,
                    }}
                  >
                    Details
                  </Box>
                </Stack>
              </Box>
              <Box sx={{ bgcolor: b.footerBackgroundColor, color: b.footerTextColor, p: 2 }}>
                <Typography variant="body2" sx={{ color: 'inherit' }}>
                  © {new Date().getFullYear()} {b.businessName}
                </Typography>
              </Box>
            </Box>
            <Button
              variant="contained"
              size="large"
              fullWidth
              onClick={save}
              disabled={busy}
              sx={{ mt: 2 }}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Save Branding
            </Button>
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}
