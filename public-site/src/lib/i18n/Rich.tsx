import type { ReactElement } from 'react';
import { LinguiContext, Trans } from '@lingui/react';
import { useLinguiOrShared } from './useT';

/**
 * A catalog message with elements inside it: "Read the <0>terms</0>." renders `components[0]` around "terms",
 * so a translation can move the link where its grammar wants it.
 */
export function Rich({
  id,
  values,
  components,
}: {
  id: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  const context = useLinguiOrShared();
  return (
    <LinguiContext.Provider value={context}>
      <Trans id={id} values={values} components={components} />
    </LinguiContext.Provider>
  );
}
