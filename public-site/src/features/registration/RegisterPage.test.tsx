import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RegisterPage } from './RegisterPage';

/** 'Failed to load class data' was a spec text the register page never showed. */
const CLASS_ID = '486f36a9-a089-445a-9c44-8cb266b86655';

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  render(
    <Router hook={hook}>
      <Route path="/register/:classId" component={RegisterPage} />
    </Router>,
  );
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterPage when the class cannot be loaded', () => {
  it("should show the page state and 'Failed to load class data' when the request fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { success: false, data: null, error: 'Internal server error' })),
    );
    renderAt(`/register/${CLASS_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading class details. Please try again.');
    expect(alert.textContent).toContain('Failed to load class data');
  });

  it("should show 'Failed to load class data' when the network is down", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt(`/register/${CLASS_ID}?org=a0000000-0000-4000-8000-000000000001`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading class details. Please try again.');
    expect(alert.textContent).toContain('Failed to load class data');
  });

  it('should name the class when the server does not know it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(404, { success: false, data: null, error: 'Class not found' })),
    );
    renderAt(`/register/${CLASS_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading class details. Please try again.');
    expect(alert.textContent).toContain(`Class with ID ${CLASS_ID} not found`);
    expect(alert.textContent).not.toContain('Failed to load class data');
  });
});
