/** class-transformer helpers shared by the DTOs. */
type Input = { value: unknown };

export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);
export const lowerTrim = ({ value }: Input) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** For a format rule's `validateIf`: an optional field that was cleared (empty string) skips that check. */
export const filled = (_: object, v: unknown) => v !== undefined && v !== null && v !== '';
