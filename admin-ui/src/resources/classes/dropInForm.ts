import type { ClassRecord } from '@/providers/types';

/** The class form's drop-in fields (issue 39 §3), as the form holds them: '' price = the class sells no drop-ins. */
export interface DropInValues {
  dropInPrice: string;
  dropInCapacity: string;
  dropInCutoffHours: string;
}

export const DROP_IN_DEFAULTS: DropInValues = { dropInPrice: '', dropInCapacity: '0', dropInCutoffHours: '0' };

export function dropInValues(c: Pick<ClassRecord, 'dropInPrice' | 'dropInCapacity' | 'dropInCutoffHours'>): DropInValues {
  return {
    dropInPrice: c.dropInPrice === null || c.dropInPrice === undefined ? '' : String(c.dropInPrice),
    dropInCapacity: String(c.dropInCapacity ?? 0),
    dropInCutoffHours: String(c.dropInCutoffHours ?? 0),
  };
}

/** The server's rules and messages for the drop-in fields; seats never above the class maximum. */
export function validateDropIns(v: DropInValues, maxStudents: number): Partial<Record<keyof DropInValues, string>> {
  const e: Partial<Record<keyof DropInValues, string>> = {};
  if (v.dropInPrice.trim() !== '') {
    const p = Number(v.dropInPrice);
    if (!Number.isFinite(p) || p < 0) e.dropInPrice = 'Drop-in price cannot be negative';
  }
  const seats = Number(v.dropInCapacity);
  if (v.dropInCapacity.trim() === '' || !Number.isInteger(seats)) e.dropInCapacity = 'Drop-in seats must be a whole number';
  else if (seats < 0) e.dropInCapacity = 'Drop-in seats cannot be negative';
  else if (Number.isFinite(maxStudents) && seats > maxStudents)
    e.dropInCapacity = `Drop-in seats cannot be more than max students (${maxStudents})`;
  else if (v.dropInPrice.trim() !== '' && seats < 1) e.dropInCapacity = 'Give drop-ins at least 1 seat, or leave the price empty';
  const hours = Number(v.dropInCutoffHours);
  if (v.dropInCutoffHours.trim() === '' || !Number.isInteger(hours)) e.dropInCutoffHours = 'Drop-in cut-off hours must be a whole number';
  else if (hours < 0) e.dropInCutoffHours = 'Drop-in cut-off hours cannot be negative';
  else if (hours > 720) e.dropInCutoffHours = 'Stop drop-ins at most 720 hours (30 days) before the session';
  return e;
}

export function dropInPayload(v: DropInValues) {
  return {
    dropInPrice: v.dropInPrice.trim() === '' ? null : Math.round(Number(v.dropInPrice) * 100) / 100,
    dropInCapacity: Number(v.dropInCapacity),
    dropInCutoffHours: Number(v.dropInCutoffHours),
  };
}
