import { Controller, Get, Headers, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { EMBED_SCRIPT, EMBED_SCRIPT_ETAG } from './embed.script';

/**
 * The widget loader. Its address never changes (organizations paste it into their sites), so it cannot be cached
 * forever like a hashed asset: a day fresh, then a week of serving the cached copy while the ETag revalidates it.
 */
@Public()
@Controller()
export class EmbedController {
  @ApiRawReply('text/javascript', '(function () { … })();')
  @Get('embed.js')
  script(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) res: FastifyReply) {
    res
      .header('ETag', EMBED_SCRIPT_ETAG)
      .header('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800')
      // Any site may load the script itself; what it frames is what the organization's embed domains govern.
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === EMBED_SCRIPT_ETAG)) {
      res.status(304);
      return new RawReply('', 'text/javascript; charset=utf-8');
    }
    return new RawReply(EMBED_SCRIPT, 'text/javascript; charset=utf-8');
  }
}
