import { useParams } from 'react-router-dom';
import ReportsPage from './ReportsPage';

/** The teacher's 'View Reports' of a class (/teacher/reports/{classId}): that class's attendance report. */
export default function ClassReport() {
  const { classId } = useParams<{ classId: string }>();
  return <ReportsPage key={classId} classId={classId} />;
}
