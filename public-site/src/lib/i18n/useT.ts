import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import { i18n as sharedI18n, type MessageDescriptor } from '@lingui/core';

export type Values = Record<string, unknown>;
export type Translate = (id: string, values?: Values) => string;

/** The provider's context, or the shared instance for a component rendered alone (unit tests: English). */
export function useLinguiOrShared() {
  return useContext(LinguiContext) ?? { i18n: sharedI18n, _: sharedI18n.t.bind(sharedI18n) };
}

/** `t(key, values)`: the current language's text for a catalog key; re-renders when the language changes. */
export function useT(): Translate {
  const { i18n } = useLinguiOrShared();
  return (id, values) => i18n._({ id, values } as MessageDescriptor);
}
