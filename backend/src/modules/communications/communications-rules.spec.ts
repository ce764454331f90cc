import { describe, expect, it } from '@jest/globals';
import { quietUntil } from './communications.dispatcher';
import { toE164Phone } from './phone';
import { htmlEmail, render, unknownVariables, variablesOf } from './templates';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe';

/** Server-local times, as quiet hours are (SMS_QUIET_HOURS is server time). */
const at = (h: number, m = 0) => new Date(2026, 10, 23, h, m, 0, 0);

describe('communications rules', () => {
  it('should find the end of quiet hours across midnight and inside one day', () => {
    const night = { start: 21, end: 8 };
    expect(quietUntil(at(20, 59), night)).toBeNull();
    expect(quietUntil(at(21, 0), night)).toEqual(new Date(2026, 10, 24, 8, 0, 0, 0));
    expect(quietUntil(at(2, 30), night)).toEqual(new Date(2026, 10, 23, 8, 0, 0, 0));
    expect(quietUntil(at(8, 0), night)).toBeNull();
    const lunch = { start: 12, end: 14 };
    expect(quietUntil(at(13, 15), lunch)).toEqual(new Date(2026, 10, 23, 14, 0, 0, 0));
    expect(quietUntil(at(14, 0), lunch)).toBeNull();
    expect(quietUntil(at(3), { start: 0, end: 0 })).toBeNull();
  });

  it('should fill known variables, keep unknown ones visible, and list what a template uses', () => {
    expect(render('Hi {{ firstName }}, {{className}} at {{location}} {{nickname}}', { firstName: 'Ann', className: 'Yoga' })).toBe(
      'Hi Ann, Yoga at  {{nickname}}',
    );
    expect(variablesOf('{{className}} moved', 'Hi {{firstName}}, {{className}}')).toEqual(['className', 'firstName']);
    expect(unknownVariables('{{firstName}} {{nickname}}', '{{ shoeSize }}')).toEqual(['nickname', 'shoeSize']);
  });

  it('should escape the text and unsafe colours in the HTML part', () => {
    const html = htmlEmail('<b>Hi</b> & bye', { name: 'Ann & Co', primaryColor: 'red;background:url(x)', email: 'a@example.com' });
    expect(html).toContain('&#60;b&#62;Hi&#60;/b&#62; &#38; bye');
    expect(html).toContain('Ann &#38; Co');
    expect(html).not.toContain('url(x)');
    expect(html).toContain('#15385F');
  });

  it('should sign unsubscribe tokens and refuse changed ones', () => {
    const token = unsubscribeToken('secret', 'org-1', 'student-1');
    expect(readUnsubscribeToken('secret', token)).toEqual({ organizationId: 'org-1', studentId: 'student-1' });
    expect(readUnsubscribeToken('other-secret', token)).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = `${Buffer.from('org-1.student-2').toString('base64url')}.${sig}`;
    expect(readUnsubscribeToken('secret', forged)).toBeNull();
    expect(readUnsubscribeToken('secret', payload)).toBeNull();
    expect(readUnsubscribeToken('secret', 42)).toBeNull();
  });

  it('should normalise phones to E.164 with libphonenumber-js', () => {
    expect(toE164Phone('5595551234')).toBe('+15595551234');
    expect(toE164Phone('(559) 555-1234')).toBe('+15595551234');
    expect(toE164Phone('+1 559 555 1234')).toBe('+15595551234');
    expect(toE164Phone('123')).toBeNull();
    expect(toE164Phone(null)).toBeNull();
  });
});
