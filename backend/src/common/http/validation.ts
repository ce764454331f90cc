import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/**
 * The one message of a field. An empty field fails every rule at once ('' is also "too short" and "not
 * letters"); the spec's required message ('First name is required', 'Email is required') must win.
 */
export function fieldMessage(constraints: Record<string, string>): string {
  return constraints.isNotEmpty ?? constraints.isDefined ?? Object.values(constraints)[0];
}

function flatten(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const err of errors) {
    const key = prefix ? `${prefix}.${err.property}` : err.property;
    if (err.constraints) out[key] = fieldMessage(err.constraints);
    if (err.children?.length) Object.assign(out, flatten(err.children, key));
  }
  return out;
}

/** whitelist + forbid unknown fields + transform; a failure names each field (STYLE §4). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const first = Object.entries(fields)[0];
      return new BadRequestException({ message: first ? first[1] : 'Invalid request', errors: fields });
    },
  });
}
