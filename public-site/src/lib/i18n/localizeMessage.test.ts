import { afterEach, describe, expect, it } from 'vitest';
import { validateEmail } from '@/lib/validators';
import { validateName } from '@/features/registration/studentFormRules';
import { usPhoneProblem } from '@shared/us-phone';
import { activateLocale, i18n, loadNamespace } from './i18n';
import { localizeMessage } from './localizeMessage';

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);

describe('localizeMessage (the rules give English; the page shows the reader’s language)', () => {
  afterEach(async () => activateLocale('en'));

  it('should leave English exactly as the rules give it, and an unknown message as is', () => {
    for (const message of [validateName('', 'First name'), validateEmail('a@b'), usPhoneProblem('555')])
      expect(localizeMessage(t, message!)).toBe(message);
    expect(localizeMessage(t, 'The class is full (the server said so)')).toBe('The class is full (the server said so)');
  });

  it('should translate a known message with its parts, the field label included', async () => {
    await loadNamespace('forms');
    await activateLocale('es');
    expect(localizeMessage(t, validateName('', 'First name')!)).toBe('Nombre es obligatorio');
    expect(localizeMessage(t, validateEmail('a@b')!)).toBe('Escriba una dirección de correo electrónico válida');
    expect(localizeMessage(t, 'Please read and accept “Studio waiver”')).toBe('Lea y acepte «Studio waiver»');
    await activateLocale('fr');
    expect(localizeMessage(t, 'Last name must be at least 2 characters long')).toBe('Nom de famille doit contenir au moins 2 caractères');
    expect(localizeMessage(t, 'Server words')).toBe('Server words');
  });
});
