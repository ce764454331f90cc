import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, HttpError, testDataProvider } from 'react-admin';
import { ThemeProvider, createTheme } from '@mui/material';
import { ClassFormDialog } from '@/resources/classes/ClassFormDialog';

function renderDialog(limit = { limit: 25, current: 3, reached: false }, fails?: HttpError, timeZone?: string) {
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => {
    if (fails) throw fails;
    return { data: { id: 'new', ...params.data } };
  });
  // The organization's settings, when a test gives it a time zone.
  const getSettings = async () => ({ timeZone, defaultTimeZone: 'UTC' });
  const dataProvider = testDataProvider({ create: create as never, ...(timeZone ? ({ getSettings } as never) : {}) });
  const onSaved = vi.fn();
  render(
    <ThemeProvider theme={createTheme()}>
      <CoreAdminContext dataProvider={dataProvider}>
        <ClassFormDialog open record={null} limit={limit} onClose={() => undefined} onSaved={onSaved} />
      </CoreAdminContext>
    </ThemeProvider>,
  );
  return { create, onSaved };
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe(ClassFormDialog.name, () => {
  afterEach(cleanup);

  it('should show the spec validation messages and not call the API', async () => {
    const { create } = renderDialog();
    fill(/^Days/, '0');
    fill(/^Duration/, '10');
    fill(/^Max students/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create Class' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Days must be at least 1')).toBeTruthy();
    expect(screen.getByText('Duration must be at least 15 minutes')).toBeTruthy();
    expect(screen.getByText('Max students must be at least 1')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('should save as Archived and warn when the class limit is reached', async () => {
    const { create, onSaved } = renderDialog({ limit: 2, current: 2, reached: true });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Cannot activate class - limit reached \(2\/2 active classes\)/)).toBeTruthy();
    fill(/^Title/, 'Clay');
    fill(/^Description/, 'Wheel basics');
    fill(/^Instructor/, 'Lee');
    fill(/^Location/, 'Studio');
    fireEvent.click(screen.getByRole('button', { name: 'Create Class' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toMatchObject({
      title: 'Clay',
      status: 'Archived',
      maxStudents: 10,
      duration: 60,
      days: 1,
      schedule: 'Consecutive',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('should show a server field error under its field, on its tab, with the server message above', async () => {
    const { create, onSaved } = renderDialog(
      undefined,
      new HttpError('Materials to bring is too long', 400, { errors: { materials: 'Materials to bring is too long' } }),
    );
    fill(/^Title/, 'Clay');
    fill(/^Description/, 'Wheel basics');
    fill(/^Instructor/, 'Lee');
    fill(/^Location/, 'Studio');
    expect(screen.getByRole('tab', { name: 'Basic Details' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Create Class' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Class Information' }).getAttribute('aria-selected')).toBe('true'));
    expect(within(screen.getByRole('dialog')).getAllByText('Materials to bring is too long')).toHaveLength(2);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("should take the start and the class's own opening in the organization's time zone, not the browser's", async () => {
    const { create } = renderDialog(undefined, undefined, 'America/Denver');
    // The form starts again in the organization's zone once the settings arrive, and says which zone under each time.
    expect((await screen.findAllByText('Times in America/Denver')).length).toBeGreaterThan(0);
    expect(screen.getByText("Empty: the term's opening · Times in America/Denver")).toBeTruthy();
    fill(/^Title/, 'Clay');
    fill(/^Description/, 'Wheel basics');
    fill(/^Instructor/, 'Lee');
    fill(/^Location/, 'Studio');
    fill(/^Start date and time/, '2027-01-05T18:00');
    fill(/^Registration opens/, '2027-07-01T06:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create Class' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    // 6:00 PM MST (UTC-7) on January 5, and 6:00 AM MDT (UTC-6) on July 1.
    expect(create.mock.calls[0][1].data).toMatchObject({
      startDate: '2027-01-06T01:00:00.000Z',
      registrationOpensAt: '2027-07-01T12:00:00.000Z',
    });
  });
});
