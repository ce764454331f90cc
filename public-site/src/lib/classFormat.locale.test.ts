import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { formatDuration, formatLongDate, formatPrice, scheduleText } from './classFormat';

// English stays as spec 1 §9 quotes it (classFormat.test.ts); the other languages format through Intl.
describe('class formatting in Spanish and French', () => {
  afterEach(async () => activateLocale('en'));
  it('should write dates, durations, schedules and prices in Spanish', async () => {
    await activateLocale('es');
    expect(formatLongDate(new Date(2026, 11, 5))).toBe('sábado, 5 de diciembre de 2026');
    expect(formatDuration(90)).toBe('1 hora 30 minutos');
    expect(scheduleText(6, 'Weekly')).toBe('6 semanas (semanal)');
    expect(formatPrice(45.5)).toBe('$45.50');
  });
  it('should write them in Canadian French', async () => {
    await activateLocale('fr');
    expect(formatLongDate(new Date(2026, 11, 5))).toBe('samedi 5 décembre 2026');
    expect(formatDuration(120)).toBe('2 heures');
    expect(formatPrice(49)).toMatch(/^49\s\$\sUS$/);
  });
});
