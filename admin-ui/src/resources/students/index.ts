import { createElement, lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { Area } from '@/layout/Layout';
import type { Student } from '@/providers/types';

const StudentList = lazy(() => import('@/resources/students/StudentList'));

/** Resource config spread into <Resource name="students">: one screen (table/cards, side panel, modals). */
export default {
  list: () => createElement(Area, { message: 'Loading student records...' }, createElement(StudentList)),
  icon: PeopleIcon,
  recordRepresentation: (record: Student) => `${record.firstName} ${record.lastName}`,
};
