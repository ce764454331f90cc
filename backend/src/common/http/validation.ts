import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const err of errors) {
    const key = prefix ? `${prefix}.${err.property}` : err.property;
    if (err.constraints) out[key] = Object.values(err.constraints)[0];
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
