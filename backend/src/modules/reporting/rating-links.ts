import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LinkSigner } from '../../common/links/link-signer';
import type { AllConfigType } from '../../config/config.type';

/**
 * Signed one-click rating links: the signature covers class, student and rating, so a link cannot be changed to rate
 * another class, another student or another score.
 */
@Injectable()
export class RatingLinks {
  private readonly signer: LinkSigner;

  constructor(config: ConfigService<AllConfigType>) {
    this.signer = new LinkSigner(config, 'classlane-rating-links');
  }

  sign(classId: string, studentId: string, rating: number): string {
    return this.signer.sign(`${classId}.${studentId}.${rating}`);
  }

  verify(classId: string, studentId: string, rating: number, signature: string): boolean {
    return this.signer.verify(`${classId}.${studentId}.${rating}`, signature);
  }

  url(base: string, classId: string, studentId: string, rating: number): string {
    return `${base}/api/ratings?class=${classId}&student=${studentId}&rating=${rating}&sig=${this.sign(classId, studentId, rating)}`;
  }
}
