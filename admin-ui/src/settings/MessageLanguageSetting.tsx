import { useState } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import { MESSAGE_LANGUAGES as LANGUAGES, type MessageLanguage as Language } from '@/common/messageLanguages';
import { useSaveAction } from '@/common/useSaveAction';
import { useAppDataProvider } from '@/providers/dataProvider';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/**
 * The organization's default language for its messages (issue 42 §2): a student's emails and texts are written in
 * the language of the page they registered on; this one is used when it is not known, and it is the language the
 * organization's own templates are sent in.
 */
export function MessageLanguageSetting({ org, onSaved }: { org: { settings?: { defaultLanguage?: Language } }; onSaved: () => void }) {
  const dp = useAppDataProvider();
  const [value, setValue] = useState<Language>(org.settings?.defaultLanguage ?? 'en');
  const save = useSaveAction('Failed to save the language. Please try again');

  const submit = async () => {
    await save.run(async (saved) => {
      await dp.saveSettings({ defaultLanguage: value });
      saved('Message language saved successfully!');
      onSaved();
    });
  };

  return (
    <SettingsSection title="Message language" maxWidth={640}>
      <Typography color="text.secondary">
        Students get their emails and text messages in the language of the page they registered on. When it is not known, and for your own
        message templates, this language is used.
      </Typography>
      <TextField select label="Default language for messages" value={value} onChange={(e) => setValue(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <MenuItem key={l.value} value={l.value} lang={l.value}>
            {l.label}
          </MenuItem>
        ))}
      </TextField>
      <SaveRow label="Save message language" onSave={() => void submit()} status={save.status} />
    </SettingsSection>
  );
}
