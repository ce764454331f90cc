import { prepared } from '../../common/db/prepared';
import { returning } from '../../common/db/returning';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import type { Role } from '../../common/auth/roles';
import { UserEntity } from './user.entity';

/** The user a token stands for, before the token's own id and expiry are added to make the request's AuthUser. */
type TokenUserRow = Omit<AuthUser, 'jti' | 'exp'>;

/** Users, revoked tokens, reset tokens, failed sign-ins and platform staff: the auth module's tables. */
@Injectable()
export class AuthRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  findUserById(id: string) {
    return this.users.findOne({ where: { id } });
  }

  findUserInOrganization(id: string, organizationId: string) {
    return this.users.findOne({ where: { id, organizationId } });
  }

  /** With the password hash, for sign-in only. */
  findUserWithHashByEmail(email: string) {
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  emailExists(email: string) {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getExists();
  }

  listUsersOfOrganization(organizationId: string) {
    return this.users.find({ where: { organizationId }, order: { createdAt: 'ASC' } });
  }

  createUser(data: Partial<UserEntity>) {
    return this.users.save(this.users.create(data));
  }

  async updateUser(id: string, patch: Partial<UserEntity>) {
    await this.users.update({ id }, patch);
    return this.users.findOneOrFail({ where: { id } });
  }

  /** Inside the organization's creating transaction: its creator becomes its admin. */
  async attachAsAdmin(manager: EntityManager, userId: string, organizationId: string) {
    await manager.getRepository(UserEntity).update({ id: userId }, { organizationId, role: 'admin' as Role });
  }

  async deleteUserInOrganization(id: string, organizationId: string): Promise<boolean> {
    const result = await this.users.delete({ id, organizationId });
    return (result.affected ?? 0) > 0;
  }

  async revokeToken(jti: string, expiresAt: Date) {
    await this.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [jti, expiresAt]);
  }

  /**
   * The user a token names, if the token is not revoked: one prepared statement, one round trip, on
   * every authenticated request (the re-read and the revocation check used to be two queries).
   */
  async findTokenUser(userId: string, jti: string, issuedAt: number): Promise<TokenUserRow | undefined> {
    const rows = await prepared<TokenUserRow>(
      this.db,
      'auth.token-user',
      `SELECT u.id, u.email, u.role, u.first_name AS "firstName", u.last_name AS "lastName", u.organization_id AS "organizationId"
         FROM users u
        WHERE u.id = $1
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2)
          AND (u.tokens_valid_after IS NULL OR u.tokens_valid_after <= to_timestamp($3))`,
      [userId, jti, issuedAt],
    );
    return rows[0];
  }

  /** The same for platform staff tokens. */
  async findTokenStaff(staffId: string, jti: string): Promise<{ id: string; username: string } | undefined> {
    const rows = await prepared<{ id: string; username: string }>(
      this.db,
      'auth.token-staff',
      'SELECT s.id, s.username FROM platform_staff s WHERE s.id = $1 AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2)',
      [staffId, jti],
    );
    return rows[0];
  }

  async recordFailedSignIn(account: string) {
    await this.db.query('INSERT INTO auth_failures (account) VALUES ($1)', [account]);
  }

  async countRecentFailures(account: string, since: Date): Promise<number> {
    const rows = await this.db.query('SELECT count(*)::int AS n FROM auth_failures WHERE account = $1 AND created_at > $2', [
      account,
      since,
    ]);
    return rows[0].n;
  }

  async clearFailures(account: string) {
    await this.db.query('DELETE FROM auth_failures WHERE account = $1', [account]);
  }

  async createResetToken(userId: string, tokenHash: string, expiresAt: Date) {
    await this.db.query('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
      userId,
      tokenHash,
      expiresAt,
    ]);
  }

  async deleteResetToken(tokenHash: string) {
    await this.db.query('DELETE FROM password_reset_tokens WHERE token_hash = $1', [tokenHash]);
  }

  /** Marks a valid, unused, unexpired token used in the same statement: a token works exactly once. */
  async consumeResetToken(tokenHash: string): Promise<string | null> {
    const rows = await returning<{ user_id: string }>(
      this.db,
      `UPDATE password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }

  /** A new password ends every session: tokens issued before this second are refused from now on. */
  async setPassword(userId: string, passwordHash: string) {
    await this.db.query(
      "UPDATE users SET password_hash = $2, tokens_valid_after = date_trunc('second', now()), updated_at = now() WHERE id = $1",
      [userId, passwordHash],
    );
  }

  findStaffByUsername(username: string): Promise<{ id: string; username: string; password_hash: string } | undefined> {
    return this.db.query('SELECT id, username, password_hash FROM platform_staff WHERE username = $1', [username]).then((r) => r[0]);
  }

  async upsertStaff(username: string, passwordHash: string) {
    await this.db.query('INSERT INTO platform_staff (username, password_hash) VALUES ($1, $2) ON CONFLICT (username) DO NOTHING', [
      username,
      passwordHash,
    ]);
  }

  /** Organization users per organization, for the IT-admin overview. */
  async countUsersByOrganization(organizationIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; n: number }[] = await this.db.query(
      'SELECT organization_id AS id, count(*)::int AS n FROM users WHERE organization_id = ANY($1::uuid[]) GROUP BY 1',
      [organizationIds],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }
}
