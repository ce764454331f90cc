import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrgContactList } from '@/components/org/OrgContactList';
import { Fact } from './Fact';

afterEach(cleanup);

/**
 * The description lists of the class page, the confirmation, the enrollment dialog and the contact lists all write
 * their rows through Fact; their CSS styles `dl > div > dt/dd`, so the markup of a row must stay exactly this.
 */
describe('Fact', () => {
  it('renders a term and its value as one div of a description list', () => {
    const { container } = render(
      <dl>
        <Fact term="Instructor">Ana</Fact>
        <Fact term="Follow" className="org-contact__social">
          <a href="https://example.com">Site</a>
        </Fact>
      </dl>,
    );
    expect(container.innerHTML).toBe(
      '<dl><div><dt>Instructor</dt><dd>Ana</dd></div>' +
        '<div><dt>Follow</dt><dd class="org-contact__social"><a href="https://example.com">Site</a></dd></div></dl>',
    );
  });

  it('keeps the contact list as it was: a row per detail given, none for one left empty', () => {
    const { container } = render(<OrgContactList contactInfo={{ email: 'a@example.com', phone: '', address: '' }} branding={null} />);
    expect(container.querySelectorAll('dl > div > dt')).toHaveLength(1);
    expect(container.querySelector('dl > div > dd > a')?.getAttribute('href')).toBe('mailto:a@example.com');
  });
});
