import { ArgumentsHost, Catch, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from '../../common/http/all-exceptions.filter';
import { HTML } from '../../common/http/html-page';
import { linkNotValidPage } from './rating-pages';

/**
 * A rating link is opened by a person in a browser: a changed, unknown or malformed link (400) or one of a student no
 * longer in the class (403) answers the 'Link not valid' page with that status instead of the JSON envelope. Clients
 * that do not ask for HTML get the usual envelope.
 */
@Injectable()
@Catch(HttpException)
export class RatingPageFilter extends AllExceptionsFilter {
  override catch(exception: HttpException, host: ArgumentsHost): void {
    const status = exception.getStatus();
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    const res = host.switchToHttp().getResponse<FastifyReply>();
    const wantsHtml = /text\/html/i.test(String(req.headers.accept ?? ''));
    if (!wantsHtml || (status !== HttpStatus.BAD_REQUEST && status !== HttpStatus.FORBIDDEN) || res.sent) {
      super.catch(exception, host);
      return;
    }
    void res
      .status(status)
      .type(HTML)
      .send(linkNotValidPage(status === HttpStatus.FORBIDDEN));
  }
}
