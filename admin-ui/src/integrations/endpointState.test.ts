import { describe, expect, it } from 'vitest';
import { endpointState } from '@/integrations/WebhooksSection';
import type { WebhookEndpoint } from '@/providers/types';

const base: WebhookEndpoint = {
  id: 'e1',
  url: 'https://hooks.example.com/x',
  events: ['enrollment.created'],
  active: true,
  failingSince: null,
  disabledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('endpointState', () => {
  it('reads OK for an active endpoint without failures', () => {
    expect(endpointState(base)).toEqual({ label: 'OK', color: 'success' });
  });
  it('says since when an endpoint has been failing', () => {
    const s = endpointState({ ...base, failingSince: '2026-11-21T10:00:00.000Z' });
    expect(s.color).toBe('warning');
    expect(s.label).toMatch(/^Failing since Nov 21, 2026/);
  });
  it('puts a server-disabled endpoint before paused or failing', () => {
    const s = endpointState({ ...base, active: false, failingSince: '2026-11-18T10:00:00.000Z', disabledAt: '2026-11-21T10:00:00.000Z' });
    expect(s.color).toBe('error');
    expect(s.label).toMatch(/^Disabled after 3 days of failures/);
  });
  it('shows an endpoint the admin turned off as paused', () => {
    expect(endpointState({ ...base, active: false })).toEqual({ label: 'Paused', color: 'default' });
  });
});
