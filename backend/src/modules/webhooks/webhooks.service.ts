import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import type { AllConfigType } from '../../config/config.type';
import type { WebhookEndpointDto } from './dto/webhook.dto';
import { privateLiteralHost } from './private-addresses';
import { WebhooksRepository, type EndpointRow } from './webhooks.repository';

const view = (e: EndpointRow) => ({
  id: e.id,
  url: e.url,
  events: e.events,
  active: e.active,
  failingSince: e.failingSince,
  disabledAt: e.disabledAt,
  createdAt: e.createdAt,
});

/** An organization's webhook endpoints and their deliveries (the admin's side; sending is the dispatcher's). */
@Injectable()
export class WebhooksService {
  private readonly allowPrivate: boolean;

  constructor(
    private readonly repo: WebhooksRepository,
    config: ConfigService<AllConfigType>,
  ) {
    this.allowPrivate = config.getOrThrow('integrations', { infer: true }).webhookAllowPrivateHosts;
  }

  async list(organizationId: string) {
    return (await this.repo.listEndpoints(organizationId)).map(view);
  }

  async one(organizationId: string, id: string) {
    const row = await this.repo.findEndpoint(organizationId, id);
    if (!row) throw new NotFoundException('Webhook endpoint not found');
    return view(row);
  }

  /** The signing secret is in this reply only. */
  async create(organizationId: string, dto: WebhookEndpointDto) {
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    const row = await this.repo.insertEndpoint(organizationId, this.url(dto.url), dto.events, dto.active ?? true, secret);
    return { ...view(row), secret };
  }

  async update(organizationId: string, id: string, dto: WebhookEndpointDto) {
    const current = await this.repo.findEndpoint(organizationId, id);
    if (!current) throw new NotFoundException('Webhook endpoint not found');
    const row = await this.repo.updateEndpoint(organizationId, id, this.url(dto.url), dto.events, dto.active ?? current.active);
    if (!row) throw new NotFoundException('Webhook endpoint not found');
    return view(row);
  }

  async remove(organizationId: string, id: string) {
    if (!(await this.repo.deleteEndpoint(organizationId, id))) throw new NotFoundException('Webhook endpoint not found');
    return { id };
  }

  async deliveries(organizationId: string, endpointId: string) {
    if (!(await this.repo.findEndpoint(organizationId, endpointId))) throw new NotFoundException('Webhook endpoint not found');
    return this.repo.listDeliveries(endpointId, 100);
  }

  /** Sends the same event (same id) again now; a delivery being sent right now cannot be (409-free: 400). */
  async redeliver(organizationId: string, id: string) {
    const row = await this.repo.redeliver(organizationId, id);
    if (row) return row;
    if (!(await this.repo.deliveryExists(organizationId, id))) throw new NotFoundException('Webhook delivery not found');
    throw new BadRequestException('This delivery is being sent right now; try again in a moment.');
  }

  /**
   * https only, and no IP address a delivery would be refused to, except on a development server that delivers to
   * this machine (WEBHOOK_ALLOW_PRIVATE_HOSTS). The sender checks the same list again when it connects: a name is
   * only known to resolve to a private address then.
   */
  private url(raw: string): string {
    const u = new URL(raw);
    if (u.protocol !== 'https:' && !this.allowPrivate)
      throw new BadRequestException({ message: 'url must be an https:// address', errors: { url: 'url must be an https:// address' } });
    if (u.username || u.password) throw new BadRequestException('url must not contain a user name or password');
    const host = this.allowPrivate ? null : privateLiteralHost(u);
    if (host) {
      const message = `url must be a public address: ${host} is a private, loopback or link-local address`;
      throw new BadRequestException({ message, errors: { url: message } });
    }
    return u.toString();
  }
}
