/** Token audiences: organization users and platform staff never share a token (spec README decision 5). */
export const ORG_AUDIENCE = 'classlane:org';
export const STAFF_AUDIENCE = 'classlane:staff';
export const TOKEN_ISSUER = 'classlane';
export const TOKEN_ALGORITHM = 'HS256' as const;
