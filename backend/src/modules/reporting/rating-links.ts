import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AllConfigType } from '../../config/config.type';

/**
 * Signed one-click rating links: HMAC-SHA256 over class, student and rating with a key derived from the
 * server's signing secret, so a link cannot be changed to rate another class, another student or another score.
 */
@Injectable()
export class RatingLinks {
  private readonly key: Buffer;

  constructor(config: ConfigService<AllConfigType>) {
    this.key = createHmac('sha256', config.getOrThrow('auth', { infer: true }).jwtSecret)
      .update('classlane-rating-links')
      .digest();
  }

  sign(classId: string, studentId: string, rating: number): string {
    return createHmac('sha256', this.key).update(`${classId}.${studentId}.${rating}`).digest('base64url');
  }

  verify(classId: string, studentId: string, rating: number, signature: string): boolean {
    const expected = Buffer.from(this.sign(classId, studentId, rating));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  url(base: string, classId: string, studentId: string, rating: number): string {
    return `${base}/api/ratings?class=${classId}&student=${studentId}&rating=${rating}&sig=${this.sign(classId, studentId, rating)}`;
  }
}
