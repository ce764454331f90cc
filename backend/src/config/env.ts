import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { ValidateBy, ValidateIf, validateSync, type ValidationOptions } from 'class-validator';

/** An environment value, trimmed; unset and blank are the same (`.env.example` lists every key empty). */
export const str = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/** Validate the key only when it is set to something other than blanks. */
export const IsSetInEnv = () => ValidateIf((_o, v) => str(v as string | undefined) !== null);

/**
 * A check on the raw environment string with a message that quotes the value, so a typo fails at boot
 * with the same text the start script has always printed.
 */
export function EnvCheck(test: (raw: string) => boolean, message: (raw: unknown) => string, options?: ValidationOptions) {
  return ValidateBy(
    { name: 'envCheck', validator: { validate: (v) => typeof v === 'string' && test(v), defaultMessage: (a) => message(a?.value) } },
    options,
  );
}

/** A whole number above 0 (an unset or blank key takes the default). */
export const IsPositiveIntEnv = (key: string) =>
  EnvCheck(
    (raw) => Number.isInteger(Number(raw.trim())) && Number(raw.trim()) >= 1,
    (raw) => `${key} must be a whole number above 0, got "${String(raw).trim()}"`,
  );

export function positiveInt(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = str(env[key]);
  return raw === null ? fallback : Number(raw);
}

/** `true`/`false` switches: anything but `false` is on (the default), as the README documents. */
export const flag = (v: string | undefined, fallback: boolean) => (v === undefined ? fallback : v.trim() !== 'false');

/**
 * Validates the environment against one concern's validator class (brocoders' validateConfig), throwing
 * every failure's message, one a line.
 */
export function validateEnv<T extends object>(env: NodeJS.ProcessEnv, validator: ClassConstructor<T>): void {
  const errors = validateSync(plainToInstance(validator, { ...env }), { skipMissingProperties: false, forbidUnknownValues: false });
  if (errors.length) throw new Error(errors.flatMap((e) => Object.values(e.constraints ?? {})).join('\n'));
}
