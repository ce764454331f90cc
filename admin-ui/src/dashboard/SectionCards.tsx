import { Link as RouterLink } from 'react-router-dom';
import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import PeopleIcon from '@mui/icons-material/People';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { SubscriptionValidation } from '@/providers/types';

const limitText = (n: number | undefined) => (n === undefined ? '' : n < 0 ? 'unlimited' : `of ${n}`);

export function SectionCards({ validation }: { validation?: SubscriptionValidation }) {
  const cards = [
    {
      to: '/admin/classes',
      title: 'Manage Classes',
      icon: <EventIcon color="primary" />,
      value: validation
        ? `${validation.usage.classes} ${limitText(validation.plan?.limits?.maxClasses)} classes`
        : 'Create, edit and clone classes',
    },
    {
      to: '/admin/students',
      title: 'Manage Students',
      icon: <PeopleIcon color="primary" />,
      value: validation
        ? `${validation.usage.students} ${limitText(validation.plan?.limits?.maxStudents)} students`
        : 'Student records and enrollments',
    },
    {
      to: '/admin/subscription',
      title: 'Subscription',
      icon: <WorkspacePremiumIcon color="primary" />,
      value: validation ? `${validation.planName || validation.plan?.name} plan` : 'Plan and billing',
    },
  ];
  return (
    <Grid container spacing={2}>
      {cards.map((c) => (
        <Grid key={c.to} size={{ xs: 12, sm: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={1.5} alignItems="center">
                  {c.icon}
                  <Stack>
                    <Typography fontWeight={600}>{c.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {c.value}
                    </Typography>
                  </Stack>
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
