import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { ExtractJwt } from 'passport-jwt';
import type { AllConfigType } from '../../config/config.type';
import { TOKEN_ALGORITHM, TOKEN_ISSUER, verificationKey } from './tokens';

/**
 * How a bearer token of one audience is checked (organization users, platform staff, students in their portal): the
 * same key, algorithm and issuer for all, and only the audience differs, so a token of one kind opens nothing else.
 */
export function bearerTokenOptions(config: ConfigService<AllConfigType>, audience: string) {
  const key = verificationKey(config.getOrThrow('auth', { infer: true }).jwtSecret);
  return {
    jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
    // passport-jwt's types say string | Buffer; jsonwebtoken takes a KeyObject as is (see verificationKey).
    secretOrKeyProvider: (_req: unknown, _token: unknown, done: (err: null, key: Buffer) => void) => done(null, key as unknown as Buffer),
    algorithms: [TOKEN_ALGORITHM],
    audience,
    issuer: TOKEN_ISSUER,
    ignoreExpiration: false,
  };
}

/** The JwtService that signs those tokens, for the modules that issue them (sign-in, the portal's links). */
export const tokenJwtModule = () =>
  JwtModule.registerAsync({
    inject: [ConfigService],
    useFactory: (config: ConfigService<AllConfigType>) => ({
      secret: config.getOrThrow('auth', { infer: true }).jwtSecret,
      signOptions: { algorithm: TOKEN_ALGORITHM },
      verifyOptions: { algorithms: [TOKEN_ALGORITHM] },
    }),
  });
