import { Box, Card, CardActionArea, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import EventIcon from '@mui/icons-material/Event';
import PersonIcon from '@mui/icons-material/Person';
import { formatDate, formatMoney, formatTimeRange } from '@/common/format';
import { useOrganizationTimeZone } from '@/common/zonedTime';
import type { ClassRecord } from '@/providers/types';
import { STATUS_META, enrollmentColor, enrollmentPercent, hasDiscount } from '@/resources/classes/classUtils';

export function StatusChip({ status }: { status: ClassRecord['status'] }) {
  const meta = STATUS_META[status] ?? { label: status, color: 'default' as const };
  return <Chip label={meta.label} color={meta.color} size="small" variant={status === 'Archived' ? 'outlined' : 'filled'} />;
}

export function EnrollmentBar({ enrolled, max }: { enrolled: number; max: number }) {
  const pct = enrollmentPercent(enrolled, max);
  return (
    <Box>
      <Stack direction="row" justifyContent="space-between">
        <Typography variant="caption" color="text.secondary">
          Enrollment
        </Typography>
        <Typography variant="caption" fontWeight={600}>
          {enrolled}/{max} students ({pct}%)
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={pct}
        color={enrollmentColor(enrolled, max)}
        sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
        aria-label={`Enrollment ${enrolled} of ${max}`}
      />
    </Box>
  );
}

export function ClassCard({ record, selected, onSelect }: { record: ClassRecord; selected: boolean; onSelect: () => void }) {
  // The start as it was entered: in the organization's zone, named after the time.
  const zone = useOrganizationTimeZone();
  return (
    <Card
      sx={{
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
        bgcolor: record.status === 'Archived' ? 'grey.50' : undefined,
      }}
    >
      <CardActionArea onClick={onSelect} aria-pressed={selected} aria-label={`View ${record.title}`}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
            <Typography variant="subtitle1" fontWeight={700} component="h3" sx={{ lineHeight: 1.3 }}>
              {record.title}
            </Typography>
            <StatusChip status={record.status} />
          </Stack>
          <Stack spacing={0.5} mt={1} color="text.secondary">
            <Stack direction="row" spacing={1} alignItems="center">
              <EventIcon fontSize="small" />
              <Typography variant="body2">
                {formatDate(record.startDate, 'short', zone)} · {formatTimeRange(record.startDate, record.duration, zone)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} alignItems="center">
              <PlaceIcon fontSize="small" />
              <Typography variant="body2" noWrap>
                {record.location || 'Location TBA'}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} alignItems="center">
              <PersonIcon fontSize="small" />
              <Typography variant="body2" noWrap>
                {record.instructor}
              </Typography>
            </Stack>
          </Stack>
          <Stack direction="row" spacing={1} alignItems="baseline" mt={1}>
            {hasDiscount(record.price, record.discountPrice) ? (
              <>
                <Typography fontWeight={700}>{formatMoney(record.discountPrice)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                  {formatMoney(record.price)}
                </Typography>
              </>
            ) : (
              <Typography fontWeight={700}>{Number(record.price) > 0 ? formatMoney(record.price) : 'Free'}</Typography>
            )}
          </Stack>
          <Box mt={1.5}>
            <EnrollmentBar enrolled={record.enrolledStudents ?? 0} max={record.maxStudents ?? 0} />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
