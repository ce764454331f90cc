import { dayKey, sessionDates, toDate } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';

export interface CalendarEntry {
  classItem: ClassItem;
  date: Date;
}

export function isCancelled(classItem: ClassItem): boolean {
  return classItem.status === 'Cancelled';
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

export function addMonths(date: Date, months: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, 1);
}

/** The weeks (Sunday first) covering the month; days outside the month are null. */
export function monthWeeks(month: Date): (Date | null)[][] {
  const first = startOfMonth(month);
  const daysInMonth = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(new Date(first.getFullYear(), first.getMonth(), day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Every session of every class that falls in the month, grouped by local day key, sorted by time. */
export function entriesByDay(classes: ClassItem[], month: Date): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  const y = month.getFullYear();
  const m = month.getMonth();
  for (const classItem of classes) {
    const start = toDate(classItem.startDate);
    for (const session of sessionDates(classItem.startDate, classItem.days, classItem.schedule, classItem.sessions)) {
      if (session.getFullYear() !== y || session.getMonth() !== m) continue;
      // Sessions carry the class's time of day (spec 1 §3: the time comes from startDate).
      const date = new Date(session);
      if (start) date.setHours(start.getHours(), start.getMinutes(), 0, 0);
      const key = dayKey(date);
      const list = byDay.get(key) ?? [];
      list.push({ classItem, date });
      byDay.set(key, list);
    }
  }
  for (const list of byDay.values()) list.sort((a, b) => a.date.getTime() - b.date.getTime());
  return byDay;
}

/** Distinct class titles of the month, for the "Classes this month" legend. */
export function monthTitles(byDay: Map<string, CalendarEntry[]>): { title: string; classItem: ClassItem }[] {
  const seen = new Map<string, ClassItem>();
  const keys = [...byDay.keys()].sort();
  for (const key of keys)
    for (const entry of byDay.get(key)!) if (!seen.has(entry.classItem.title)) seen.set(entry.classItem.title, entry.classItem);
  return [...seen.entries()].map(([title, classItem]) => ({ title, classItem }));
}
