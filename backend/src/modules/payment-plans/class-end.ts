import { amountDueCents, sessionDates, type ClassEntity } from '../classes/class.entity';
import { localDateOf } from './plan-schedule';

/** The local date (in the organization's zone) of a class's last session: no instalment may fall after it. */
export function classEndDate(cls: Pick<ClassEntity, 'startDate' | 'days' | 'schedule' | 'duration'>, timeZone: string): string {
  const last = sessionDates(new Date(cls.startDate), cls.days, cls.schedule).at(-1)!;
  return localDateOf(new Date(last.getTime() + cls.duration * 60_000), timeZone);
}

/** What a student pays for the class before discounts: the price a plan's minimum and the "free class" rule read. */
export const classPriceCents = (cls: Pick<ClassEntity, 'priceCents' | 'discountPriceCents'>) => amountDueCents(cls);
