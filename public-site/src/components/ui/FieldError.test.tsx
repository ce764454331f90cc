import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldError } from './FieldError';

afterEach(cleanup);

/** The forms' error under a field: the span its aria-describedby names, and nothing at all without an error. */
describe('FieldError', () => {
  it('renders the error in the span the field points at', () => {
    const { container } = render(<FieldError id="email-error" error="Email is required" />);
    expect(container.innerHTML).toBe('<span id="email-error" class="field__error">Email is required</span>');
  });

  it('renders nothing without an error', () => {
    for (const error of [null, undefined, '']) expect(render(<FieldError id="x" error={error} />).container.innerHTML).toBe('');
  });
});
