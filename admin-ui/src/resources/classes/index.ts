import { createElement, lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { Area } from '@/layout/Layout';
import type { ClassRecord } from '@/providers/types';

const ClassList = lazy(() => import('@/resources/classes/ClassList'));

/** Resource config spread into <Resource name="classes">: one screen (cards, side panel, modals). */
export default {
  list: () => createElement(Area, { message: 'Loading class management...' }, createElement(ClassList)),
  icon: EventIcon,
  recordRepresentation: (record: ClassRecord) => record.title,
};
