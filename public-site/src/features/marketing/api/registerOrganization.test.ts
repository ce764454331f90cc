import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '@/lib/storage';
import { organizationPayload, registerOrganization } from './registerOrganization';

const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status, headers: { 'content-type': 'application/json' } });

const input = { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.org', password: 'secret1', organizationName: 'Studio', domain: '' };

describe('registerOrganization', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('should sign up, store, create the organization, then update the profile', async () => {
    const user = { id: 'u1', email: 'ann@x.org', role: 'admin', firstName: 'Ann', lastName: 'Lee', organizationId: null };
    fetchMock
      .mockResolvedValueOnce(ok({ user, token: 'jwt' }, 201))
      .mockResolvedValueOnce(ok({ id: 'org1', name: 'Studio' }, 201))
      .mockResolvedValueOnce(ok({ ...user, organizationId: 'org1' }));
    const result = await registerOrganization(input);
    expect(result.organizationId).toBe('org1');
    expect(fetchMock.mock.calls.map((c) => [c[1]?.method, c[0]])).toEqual([
      ['POST', '/api/auth/signup'],
      ['POST', '/api/organizations'],
      ['PUT', '/api/auth/profile'],
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ role: 'admin' });
    expect((fetchMock.mock.calls[1][1]?.headers as Record<string, string>).Authorization).toBe('Bearer jwt');
    expect(JSON.parse(String(fetchMock.mock.calls[2][1]?.body))).toEqual({ organizationId: 'org1' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).organizationId).toBe('org1');
  });

  it('should require user and token', async () => {
    fetchMock.mockResolvedValueOnce(ok({ user: null }));
    await expect(registerOrganization(input)).rejects.toThrow('Signup failed - no user data received');
    fetchMock.mockResolvedValueOnce(ok({ user: { id: 'u' } }));
    await expect(registerOrganization(input)).rejects.toThrow('Invalid signup response: missing user or token');
  });

  it('should map a server failure of the organization creation', async () => {
    fetchMock
      .mockResolvedValueOnce(ok({ user: { id: 'u' }, token: 't' }))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: false, error: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } }),
      );
    await expect(registerOrganization(input)).rejects.toThrow('Server error: Unable to process organization creation. Please try again.');
  });

  it('should default the slogan', () => {
    expect(organizationPayload(input).branding.slogan).toBe('Empowering Education Through Technology');
    expect(organizationPayload(input).domain).toBeNull();
  });
});
