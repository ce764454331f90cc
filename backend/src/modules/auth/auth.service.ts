import {
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuthUser, StaffUser } from '../../common/auth/auth-user';
import { Role } from '../../common/auth/roles';
import { ORG_AUDIENCE, STAFF_AUDIENCE, TOKEN_ALGORITHM, TOKEN_ISSUER, type TokenPayload } from './tokens';
import type { AuthConfig } from '../../config/auth.config';
import type { AllConfigType } from '../../config/config.type';
import { EmailSender } from '../message-providers/email.sender';
import { PlatformAuditService } from '../platform-audit/platform-audit.service';
import { AuthRepository } from './auth.repository';
import type { CreateUserDto, SignUpDto, UpdateProfileDto } from './dto/auth.dto';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { mapUser, type UserResponse } from './user.entity';

const INVALID_CREDENTIALS = 'Invalid email or password';
const MAX_ACCOUNT_FAILURES_PER_HOUR = 100; // OWASP ASVS V2.2.1
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Staff tokens expire after one hour. */
export const STAFF_TOKEN_TTL_SECONDS = 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);
  private readonly settings: AuthConfig;
  /** The site's address, for the reset links in emails. */
  private readonly publicUrl: string;

  constructor(
    private readonly repo: AuthRepository,
    private readonly jwt: JwtService,
    private readonly email: EmailSender,
    private readonly audit: PlatformAuditService,
    config: ConfigService<AllConfigType>,
  ) {
    this.settings = config.getOrThrow('auth', { infer: true });
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** Platform-staff credentials come from config on first start (never from the organization sign-up). */
  async onModuleInit() {
    if (this.settings.platformAdminPassword) {
      await this.repo.upsertStaff(this.settings.platformAdminUsername, await hashPassword(this.settings.platformAdminPassword));
    }
  }

  /** Called inside the organization-create transaction: its creator becomes its admin (auth owns `users`). */
  attachAsAdmin(manager: EntityManager, userId: string, organizationId: string) {
    return this.repo.attachAsAdmin(manager, userId, organizationId);
  }

  async signIn(email: string, password: string): Promise<{ user: UserResponse; token: string }> {
    const account = `user:${email.toLowerCase()}`;
    await this.assertAccountNotLocked(
      account,
      'Too many failed sign-in attempts for this account. Please try again later or reset your password.',
    );
    const user = await this.repo.findUserWithHashByEmail(email);
    // Same work and same answer for an unknown email and a wrong password.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await this.repo.recordFailedSignIn(account);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.repo.clearFailures(account);
    return { user: mapUser(user), token: await this.issueToken(user.id) };
  }

  async signUp(dto: SignUpDto): Promise<{ user: UserResponse; token: string }> {
    if (await this.repo.emailExists(dto.email)) throw new ConflictException('An account with this email already exists');
    const user = await this.repo.createUser({
      email: dto.email,
      passwordHash: await hashPassword(dto.password),
      role: Role.Admin,
      firstName: dto.firstName,
      lastName: dto.lastName,
      organizationId: null,
    });
    return { user: mapUser(user), token: await this.issueToken(user.id) };
  }

  async signOut(user: AuthUser | StaffUser) {
    await this.repo.revokeToken(user.jti, new Date(user.exp * 1000));
    return { signedOut: true };
  }

  async me(user: AuthUser): Promise<UserResponse> {
    const found = await this.repo.findUserById(user.id);
    if (!found) throw new UnauthorizedException('Your account no longer exists');
    return mapUser(found);
  }

  async updateProfile(user: AuthUser, dto: UpdateProfileDto): Promise<UserResponse> {
    // organizationId can only name the caller's own organization (checked by the global guard); it is not changed here.
    const patch = { firstName: dto.firstName, lastName: dto.lastName, phone: dto.phone, language: dto.language };
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    return mapUser(Object.keys(clean).length ? await this.repo.updateUser(user.id, clean) : (await this.repo.findUserById(user.id))!);
  }

  /** The settings screen's admin profile: names, phone, picture and (if free) a new email. */
  async updateAdminProfile(
    userId: string,
    patch: { firstName?: string; lastName?: string; email?: string; phone?: string; profilePicture?: string },
  ) {
    const current = await this.repo.findUserById(userId);
    if (!current) throw new NotFoundException('User not found');
    if (patch.email && patch.email.toLowerCase() !== current.email.toLowerCase() && (await this.repo.emailExists(patch.email))) {
      throw new ConflictException('An account with this email already exists');
    }
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    return mapUser(Object.keys(clean).length ? await this.repo.updateUser(userId, clean) : current);
  }

  async findUser(userId: string) {
    const user = await this.repo.findUserById(userId);
    return user ? { ...mapUser(user), profilePicture: user.profilePicture } : null;
  }

  async listUsers(organizationId: string) {
    return (await this.repo.listUsersOfOrganization(organizationId)).map(mapUser);
  }

  async getUser(id: string, organizationId: string) {
    const user = await this.repo.findUserInOrganization(id, organizationId);
    if (!user) throw new NotFoundException(`User ${id} not found`);
    return mapUser(user);
  }

  async createUser(dto: CreateUserDto, organizationId: string) {
    if (await this.repo.emailExists(dto.email)) throw new ConflictException('An account with this email already exists');
    const user = await this.repo.createUser({
      email: dto.email,
      passwordHash: await hashPassword(dto.password),
      role: dto.role as Role,
      firstName: dto.firstName,
      lastName: dto.lastName,
      phone: dto.phone ?? null,
      organizationId,
    });
    return mapUser(user);
  }

  async deleteUser(id: string, caller: AuthUser) {
    if (id === caller.id) throw new ForbiddenException('You cannot remove your own account');
    const deleted = await this.repo.deleteUserInOrganization(id, caller.organizationId!);
    if (!deleted) throw new NotFoundException(`User ${id} not found`);
    return { id };
  }

  /** Always answers the same, whether or not the email has an account. */
  async requestPasswordReset(email: string) {
    const since = new Date(Date.now() - 60 * 60 * 1000);
    const account = `reset:${email}`;
    if ((await this.repo.countRecentFailures(account, since)) >= 5) {
      throw new HttpException('Too many reset requests for this account. Please try again later.', HttpStatus.TOO_MANY_REQUESTS);
    }
    await this.repo.recordFailedSignIn(account);
    const user = await this.repo.findUserWithHashByEmail(email);
    if (user) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = sha256(token);
      await this.repo.createResetToken(user.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS));
      const link = `${this.publicUrl}/reset-password?token=${token}`;
      try {
        await this.email.send({
          to: user.email,
          subject: 'Reset your Classlane password',
          text: `Hello ${user.firstName},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
        });
      } catch (e) {
        // A link nobody received must not stay usable.
        await this.repo.deleteResetToken(tokenHash);
        this.logger.error(`Password reset email failed: ${(e as Error).message}`);
        throw new HttpException('We could not send the email right now. Please try again in a few minutes.', HttpStatus.BAD_GATEWAY);
      }
    }
    return { sent: true };
  }

  async confirmPasswordReset(token: string, password: string) {
    const userId = await this.repo.consumeResetToken(sha256(token));
    if (!userId) throw new HttpException('This reset link is invalid or has expired', HttpStatus.BAD_REQUEST);
    await this.repo.setPassword(userId, await hashPassword(password));
    return { reset: true };
  }

  async resolveTokenUser(payload: TokenPayload): Promise<AuthUser | null> {
    if (!UUID.test(String(payload.jti)) || !UUID.test(String(payload.sub))) return null;
    // Sessions that began before a password reset are over (iat and tokens_valid_after are whole seconds).
    const user = await this.repo.findTokenUser(payload.sub, payload.jti, payload.iat ?? 0);
    return user ? { ...user, jti: payload.jti, exp: payload.exp } : null;
  }

  /**
   * Every attempt, refused or not, is written to the platform audit log with the username tried and the
   * caller's address, never the password.
   */
  async staffSignIn(username: string, password: string, ip: string | null = null) {
    const audit = (outcome: 'success' | 'refused', staffId: string | null, detail: Record<string, unknown>) =>
      this.audit.record({ staffId, staffUsername: username, action: 'auth.signin', request: { username }, outcome, detail, ip });
    // Platform staff are the most valuable accounts: the same per-account failure limit, counted in PostgreSQL.
    const account = `staff:${username.toLowerCase()}`;
    try {
      await this.assertAccountNotLocked(account, 'Too many failed sign-in attempts for this account. Please try again later.');
    } catch (e) {
      await audit('refused', null, { reason: 'account locked after too many failures' });
      throw e;
    }
    const staff = await this.repo.findStaffByUsername(username);
    const ok = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), password);
    if (!staff || !ok) {
      await this.repo.recordFailedSignIn(account);
      await audit('refused', null, { reason: 'invalid credentials' });
      throw new UnauthorizedException('Login failed. Please check your credentials.');
    }
    await this.repo.clearFailures(account);
    const jti = randomUUID();
    const token = await this.jwt.signAsync(
      {},
      {
        subject: staff.id,
        audience: STAFF_AUDIENCE,
        issuer: TOKEN_ISSUER,
        jwtid: jti,
        algorithm: TOKEN_ALGORITHM,
        // A staff session is short: signing in again is cheap, a stolen token is not.
        expiresIn: STAFF_TOKEN_TTL_SECONDS,
      },
    );
    await audit('success', staff.id, { tokenId: jti });
    return { token, username: staff.username, expiresIn: STAFF_TOKEN_TTL_SECONDS };
  }

  /** Staff sign-out, audited (the session's token id, so an entry can be matched to its sign-in). */
  async staffSignOut(staff: StaffUser, ip: string | null = null) {
    const result = await this.signOut(staff);
    await this.audit.record({
      staffId: staff.staffId,
      staffUsername: staff.username,
      action: 'auth.signout',
      outcome: 'success',
      detail: { tokenId: staff.jti },
      ip,
    });
    return result;
  }

  /** IT-admin overview: users per organization. */
  countUsersByOrganization(organizationIds: string[]) {
    return this.repo.countUsersByOrganization(organizationIds);
  }

  async resolveStaffToken(payload: TokenPayload): Promise<StaffUser | null> {
    if (!UUID.test(String(payload.jti)) || !UUID.test(String(payload.sub))) return null;
    const staff = await this.repo.findTokenStaff(payload.sub, payload.jti);
    return staff ? { staffId: staff.id, username: staff.username, jti: payload.jti, exp: payload.exp, isStaff: true } : null;
  }

  /** Per-account failure limit (OWASP ASVS V2.2.1), shared by every instance through PostgreSQL. */
  private async assertAccountNotLocked(account: string, message: string) {
    const since = new Date(Date.now() - 60 * 60 * 1000);
    if ((await this.repo.countRecentFailures(account, since)) >= MAX_ACCOUNT_FAILURES_PER_HOUR) {
      throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  private issueToken(userId: string) {
    return this.jwt.signAsync(
      {},
      {
        subject: userId,
        audience: ORG_AUDIENCE,
        issuer: TOKEN_ISSUER,
        jwtid: randomUUID(),
        algorithm: TOKEN_ALGORITHM,
        expiresIn: this.settings.jwtExpiresIn as never,
      },
    );
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
