import type { StandInRoute } from './core';

/** `GET /v1/events` (type, created[gte], limit, starting_after; newest first, has_more): reconciliation. */
export const eventRoutes: StandInRoute[] = [
  {
    method: 'GET',
    path: /^\/v1\/events$/,
    handle: (req, state) => {
      const q = req.query;
      const gte = q.get('created[gte]');
      const type = q.get('type');
      const limit = Math.min(Math.max(Number(q.get('limit') ?? 10), 1), 100);
      let list = state.events
        .filter((e) => (type ? e.type === type : true) && (gte ? e.created >= Number(gte) : true))
        .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
      const after = q.get('starting_after');
      if (after) {
        const at = list.findIndex((e) => e.id === after);
        list = at < 0 ? [] : list.slice(at + 1);
      }
      return [200, { object: 'list', url: '/v1/events', has_more: list.length > limit, data: list.slice(0, limit) }];
    },
  },
];
