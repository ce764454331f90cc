import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, HttpError, testDataProvider } from 'react-admin';
import { ThemeProvider, createTheme } from '@mui/material';
import { StudentFormDialog } from '@/resources/students/StudentFormDialog';
import type { Student } from '@/providers/types';

function renderDialog(
  opts: { record?: Student | null; create?: (...args: never[]) => unknown; update?: (...args: never[]) => unknown } = {},
) {
  const create = vi.fn(
    opts.create ?? (async (_r: string, params: { data: Record<string, unknown> }) => ({ data: { id: 'new', ...params.data } })),
  );
  const update = vi.fn(
    opts.update ??
      (async (_r: string, params: { id: string; data: Record<string, unknown> }) => ({ data: { id: params.id, ...params.data } })),
  );
  const getList = vi.fn(async () => ({ data: [], total: 0 }));
  const dataProvider = testDataProvider({ create: create as never, update: update as never, getList: getList as never });
  const onSaved = vi.fn();
  render(
    <ThemeProvider theme={createTheme()}>
      <CoreAdminContext dataProvider={dataProvider}>
        <StudentFormDialog
          open
          record={opts.record ?? null}
          organizationId="org-1"
          blockedMessage={null}
          onClose={() => undefined}
          onSaved={onSaved}
        />
      </CoreAdminContext>
    </ThemeProvider>,
  );
  return { create, update, onSaved };
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe(StudentFormDialog.name, () => {
  afterEach(cleanup);

  it('should show the spec required messages on submit, clear one when its field is edited, and not call the API', async () => {
    const { create } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    fill(/^First name/, 'R');
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
    // Not re-validated while typing: 'R' is too short, but that shows only on the next submit.
    expect(screen.queryByText('First name must be at least 2 characters long')).toBeNull();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('should add a student with the trimmed payload and the success text', async () => {
    const { create, onSaved } = renderDialog();
    fill(/^First name/, ' Robin ');
    fill(/^Last name/, 'Tester');
    fill(/^Email/, 'robin@example.com');
    fill(/^Phone number/, '(559) 555-0142');
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect((create.mock.calls[0] as unknown as [string, { data: Record<string, unknown> }])[1].data).toMatchObject({
      firstName: 'Robin',
      lastName: 'Tester',
      email: 'robin@example.com',
      communicationOptIn: true,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'new' }), 'Student added successfully!'));
  });

  it('should show the server field errors under their fields and its message above', async () => {
    const { create, onSaved } = renderDialog({
      create: async () => {
        throw new HttpError('Phone number is too short. Please enter a 10-digit US phone number', 400, {
          errors: { phone: 'Phone number is too short. Please enter a 10-digit US phone number' },
        });
      },
    });
    fill(/^First name/, 'Robin');
    fill(/^Last name/, 'Tester');
    fill(/^Email/, 'robin@example.com');
    fill(/^Phone number/, '(559) 555-0142');
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const dialog = screen.getByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getAllByText('Phone number is too short. Please enter a 10-digit US phone number')).toHaveLength(2),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('should edit an existing student from its stored values', async () => {
    const record = {
      id: 's1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '5595550142',
      communicationOptIn: false,
      classEnrollments: [],
    } as unknown as Student;
    const { update, onSaved } = renderDialog({ record });
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ada');
    fill(/^First name/, 'Augusta');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect((update.mock.calls[0] as unknown as [string, { id: string; data: Record<string, unknown> }])[1]).toMatchObject({
      id: 's1',
      data: { firstName: 'Augusta', lastName: 'Lovelace', communicationOptIn: false },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.anything(), 'Student updated successfully!'));
  });

  it("should show the student's message language, send the chosen one, and send null for the organization default", async () => {
    const record = {
      id: 's2',
      firstName: 'Lucía',
      lastName: 'Pérez',
      email: 'lucia@example.com',
      phone: '5595550143',
      communicationOptIn: true,
      language: 'es',
      classEnrollments: [],
    } as unknown as Student;
    const { update } = renderDialog({ record });
    const select = screen.getByRole('combobox', { name: 'Message language' });
    expect(select.textContent).toBe('Español');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Français' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect((update.mock.calls[0] as unknown as [string, { data: Record<string, unknown> }])[1].data).toMatchObject({ language: 'fr' });
  });

  it('should add a student with no language of their own (the organization default) unless one is chosen', async () => {
    const { create } = renderDialog();
    expect(screen.getByRole('combobox', { name: 'Message language' }).textContent).toBe('Organization default');
    fill(/^First name/, 'Robin');
    fill(/^Last name/, 'Tester');
    fill(/^Email/, 'robin@example.com');
    fill(/^Phone number/, '(559) 555-0142');
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect((create.mock.calls[0] as unknown as [string, { data: Record<string, unknown> }])[1].data).toMatchObject({ language: null });
  });
});
