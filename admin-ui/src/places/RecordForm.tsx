import { useState, type ReactNode } from 'react';
import { CreateBase, Form, useSaveContext } from 'react-admin';
import { Alert, Button, Stack } from '@mui/material';
import { errorMessage } from '@/providers/httpClient';

/**
 * A small create form under a list (Settings › Places and instructors): react-admin's CreateBase, so a save refreshes
 * the list through react-admin's cache; a new empty form after each save; the server's refusal under the fields.
 */
export function RecordCreateForm<T extends { id: string }>({
  resource,
  formId,
  defaults,
  submitLabel,
  transform,
  children,
}: {
  resource: string;
  formId: string;
  defaults: Record<string, unknown>;
  submitLabel: string;
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  children: ReactNode;
}) {
  const [key, setKey] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <CreateBase<T>
      key={key}
      resource={resource}
      redirect={false}
      transform={transform}
      mutationOptions={{
        onMutate: () => {
          setError(null);
          setNotice(null);
        },
        onSuccess: (saved: T & { name?: string }) => {
          setNotice(`${saved.name ?? 'Record'} saved`);
          setKey((k) => k + 1);
        },
        onError: setError,
      }}
    >
      <Body formId={formId} defaults={defaults} submitLabel={submitLabel} notice={notice} error={error}>
        {children}
      </Body>
    </CreateBase>
  );
}

function Body({
  formId,
  defaults,
  submitLabel,
  notice,
  error,
  children,
}: {
  formId: string;
  defaults: Record<string, unknown>;
  submitLabel: string;
  notice: string | null;
  error: unknown;
  children: ReactNode;
}) {
  const { save, saving } = useSaveContext();
  return (
    <Form id={formId} record={defaults} noValidate onSubmit={async (values: Record<string, unknown>) => void (await save?.(values))}>
      <Stack spacing={2}>
        {children}
        {notice && <Alert severity="success">{notice}</Alert>}
        {!!error && <Alert severity="error">{errorMessage(error, 'Failed to save. Please try again')}</Alert>}
        <div>
          <Button type="submit" form={formId} variant="contained" disabled={saving}>
            {saving ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
