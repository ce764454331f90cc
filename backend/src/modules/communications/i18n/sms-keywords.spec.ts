import { describe, expect, it } from '@jest/globals';
import { LANGUAGES } from '../../../common/i18n/languages';
import { smsKeyword, SMS_KEYWORD_REPLIES } from './sms-keywords';

describe('texted keywords in three languages (issue 42 §2)', () => {
  it('should read each word of the issue as its action and language', () => {
    const expected: [string, string, string][] = [
      ['PARAR', 'stop', 'es'],
      ['ALTO', 'stop', 'es'],
      ['DETENER', 'stop', 'es'],
      ['CANCELAR', 'stop', 'es'],
      ['ARRET', 'stop', 'fr'],
      ['ARRÊT', 'stop', 'fr'],
      ['INICIAR', 'start', 'es'],
      ['COMMENCER', 'start', 'fr'],
      ['AYUDA', 'help', 'es'],
      ['AIDE', 'help', 'fr'],
      ['STOP', 'stop', 'en'],
      ['CANCEL', 'stop', 'en'],
      ['UNSTOP', 'start', 'en'],
      ['HELP', 'help', 'en'],
    ];
    for (const [word, action, language] of expected) expect({ word, k: smsKeyword(word) }).toEqual({ word, k: { action, language } });
  });

  it('should ignore case, spaces around and accents, but not other words', () => {
    expect(smsKeyword('  arrêt\n')).toEqual({ action: 'stop', language: 'fr' });
    // The decomposed form (e + combining circumflex), as some phones send it.
    expect(smsKeyword('ARRE\u0302T')).toEqual({ action: 'stop', language: 'fr' });
    for (const body of ['', undefined, 'para', 'stop please', 'ARRETE', 'Ayúdame']) expect(smsKeyword(body)).toBeNull();
  });

  it('should answer every Spanish and French keyword in its own language, naming that language’s keywords', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      for (const action of ['stop', 'start', 'help'] as const) expect(SMS_KEYWORD_REPLIES[language][action]).toMatch(/Classlane/);
    expect(SMS_KEYWORD_REPLIES.es.help).toMatch(/PARAR.*INICIAR/);
    expect(SMS_KEYWORD_REPLIES.fr.help).toMatch(/ARRET.*COMMENCER/);
    // An SMS segment holds 70 characters with accents (UCS-2); keep each answer to at most 4 segments.
    for (const language of LANGUAGES)
      for (const r of Object.values(SMS_KEYWORD_REPLIES[language])) expect((r ?? '').length).toBeLessThanOrEqual(268);
  });

  it('should keep the English help text word for word', () => {
    expect(SMS_KEYWORD_REPLIES.en.help).toBe(
      'Classlane class messages: confirmations, schedule changes, payments and reminders, up to 5 a month. Reply STOP to opt out, START to opt back in. Msg&data rates may apply.',
    );
    expect(SMS_KEYWORD_REPLIES.en.stop).toBeNull();
    expect(SMS_KEYWORD_REPLIES.en.start).toBeNull();
  });
});
