import type { ReactNode } from 'react';

/**
 * One row of a description list (`<dl>`): the term and its value, wrapped in a div so a row can be laid out as one
 * (the lists' CSS puts term and value side by side or stacked). Render inside a `<dl>`.
 */
export function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
