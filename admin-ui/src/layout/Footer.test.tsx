import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Footer } from '@/layout/Footer';

const session = vi.hoisted(() => ({ phone: '5595551234' }));

// The footer reads the signed-in organization from the session; only its contact details matter here.
vi.mock('@/session/SessionContext', () => ({
  useSession: () => ({
    user: { organizationId: 'org-1' },
    organization: { contactInfo: { phone: session.phone, email: 'desk@studio.example', address: '1 Main St' } },
    branding: { businessName: 'Sunrise Studio', footerTextColor: '#fff', footerBackgroundColor: '#123', socialLinks: {} },
  }),
}));

describe(Footer.name, () => {
  afterEach(cleanup);

  it("should show the organization's stored phone in the spec's US format with an E.164 tel: link", () => {
    session.phone = '5595551234';
    render(<Footer />);
    const link = screen.getByRole('link', { name: '(559) 555-1234' });
    expect(link.getAttribute('href')).toBe('tel:+15595551234');
    expect(screen.queryByText('5595551234')).toBeNull();
  });

  it('should keep a number that is not a US one as the organization typed it', () => {
    session.phone = '+44 20 7946 0958';
    render(<Footer />);
    expect(screen.getByRole('link', { name: '+44 20 7946 0958' }).getAttribute('href')).toBe('tel:+442079460958');
  });
});
