import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The state of a settings screen that lists items and edits one at a time in a form beside the list (terms): the item being edited, the form, the last notice, and `done` after a save (notice shown, form emptied, list
 * read again). `cancel` empties the form without saving.
 */
export function useInlineEditor<Item, Form>(queryKey: readonly unknown[], empty: Form) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Item | null>(null);
  const [form, setForm] = useState<Form>(empty);
  const [notice, setNotice] = useState<string | null>(null);
  const cancel = () => {
    setEditing(null);
    setForm(empty);
  };
  const done = (message: string) => {
    setNotice(message);
    cancel();
    void client.invalidateQueries({ queryKey });
  };
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  return { editing, setEditing, form, setForm, set, notice, setNotice, done, cancel };
}
