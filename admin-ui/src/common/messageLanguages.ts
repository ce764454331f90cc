/** The languages Classlane writes messages in (issue 42 §2). */
export type MessageLanguage = 'en' | 'es' | 'fr';

/** Each language in its own name, as a speaker of it looks for it. */
export const MESSAGE_LANGUAGES: { value: MessageLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
];
