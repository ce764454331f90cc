// The public class list and its in-memory copy (reads, seat refreshes, cached pages and openings): the catalogue's hot path.
import { Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { OrganizationsService } from '../organizations/organizations.service';
import { SettingsChangedHooks } from '../organizations/settings-changed.hooks';
import { effectiveWindow } from '../terms/registration-window';
import { ClassEntity, mapClass, type ClassStatus, type ClassTerm } from './class.entity';
import { ClassReplies } from './class-replies.service';
import type { ClassSessionEntity } from './class-session.entity';
import { ClassesRepository } from './classes.repository';
import { PublicClassExtras } from './public-class-extras';
import { PublicListCache, type CachedList, type CachedPage, type ListRow, type SeatState } from './public-list.cache';

/**
 * What every row of a list copy is serialized with: the organization's time zone and its waiting room's minutes; and
 * the room's rate, which the waiting room's ticket route reads from the copy (`cachedOpening`).
 */
interface ListContext {
  zone: string | null;
  room: number | null;
  admitPerMinute: number | null;
}

/** A public class's opening as the instance's list copy has it: what taking a place in its line needs. */
export interface CachedOpening {
  title: string;
  opensAt: Date | null;
  /** The organization's time zone (set whenever the class has an opening). */
  zone: string | null;
  /** The organization's waiting room: null when it is off. */
  room: { minutes: number; admitPerMinute: number } | null;
}

/** A class of the cached public list as read, with its term. */
interface PublicRow {
  entity: ClassEntity;
  term: ClassTerm | null;
  sessions: ClassSessionEntity[] | undefined;
}

@Injectable()
export class PublicClassList implements OnModuleInit {
  constructor(
    private readonly repo: ClassesRepository,
    private readonly cache: PublicListCache,
    private readonly orgs: OrganizationsService,
    private readonly extras: PublicClassExtras,
    private readonly replies: ClassReplies,
    private readonly settingsChanged: SettingsChangedHooks,
  ) {
    this.cache.setRefresher((organizationId, previous) => this.readPublicList(organizationId, previous));
    this.cache.setPageRenderer((organizationId, list, row) => {
      const { entity, term, sessions } = (row as ListRow<PublicRow>).source;
      const form = this.extras.peek(organizationId, entity.id);
      if (!form) return undefined;
      // The page read from the database gives the organization's time zone only to a class with an opening.
      const ctx = list.context as ListContext;
      const zone = effectiveWindow(entity, term).opensAt ? ctx.zone : null;
      return {
        key: form,
        render: () =>
          JSON.stringify({ success: true, data: { ...mapClass(entity, term, zone, ctx.room, sessions), ...form }, error: null }),
      };
    });
  }

  onModuleInit(): void {
    // The list copy's replies show settings (time zone, until when the waiting room is on): a settings write drops it.
    this.settingsChanged.register({ settingsChanged: (organizationId) => this.cache.invalidate(organizationId) });
  }

  /** A public class page built from the list copy, when the copy and the class's form are in memory. */
  cachedPublicPage(organizationId: string, classId: string): CachedPage | undefined {
    return this.cache.page(organizationId, classId.toLowerCase());
  }

  /**
   * A public class's opening from the instance's list copy, without a statement; undefined when the copy or the class
   * is not in memory (the caller then reads). As fresh as the copy: a settings or class write on this instance drops
   * it at once, one on another instance shows within the copy's bounds (PublicListCache.MAX_STALE_MS).
   */
  cachedOpening(organizationId: string, classId: string): CachedOpening | undefined {
    const list = this.cache.get(organizationId);
    const i = list?.index.get(classId.toLowerCase());
    if (!list || i === undefined) return undefined;
    const { entity, term } = (list.rows[i] as ListRow<PublicRow>).source;
    const ctx = list.context as ListContext;
    return {
      title: entity.title,
      opensAt: effectiveWindow(entity, term).opensAt,
      zone: ctx.zone,
      room: ctx.room !== null && ctx.admitPerMinute !== null ? { minutes: ctx.room, admitPerMinute: ctx.admitPerMinute } : null,
    };
  }

  /** The public list: the instance's copy when it is young enough (see PublicListCache), else one shared read. */
  async publicList(organizationId: string): Promise<CachedList> {
    return this.cache.get(organizationId) ?? this.cache.load(organizationId);
  }

  /**
   * Reads the public list for the cache. A copy younger than the cache's TTL is refreshed by its seats alone: one
   * indexed read of the seat columns of every public class, and only the classes whose seats moved are serialized
   * again (an opening changes nothing else). Any other difference (a class added, archived, moved or edited on another
   * instance) reads the whole list again.
   */
  private async readPublicList(organizationId: string, previous: CachedList | undefined): Promise<CachedList> {
    const started = Date.now();
    if (this.cache.seatsOnly(previous, started)) {
      const patched = this.patchSeats(previous, await this.repo.publicSeats(organizationId), started);
      if (patched) return patched;
    }
    const rows = await this.repo.listPublic(organizationId);
    // An empty list could also mean a mistyped link: say which, so the site can show 'No Organization Selected'.
    if (!rows.length && !(await this.orgs.exists(organizationId))) throw new NotFoundException('Organization not found');
    const [{ termOf, zone, room, admitPerMinute }, records] = await Promise.all([
      this.replies.termContext(organizationId, rows),
      this.replies.sessionsOf(organizationId, rows),
    ]);
    const listRows: ListRow<PublicRow>[] = rows.map((c) => {
      const term = termOf(c);
      const sessions = records.get(c.id);
      return { id: c.id, source: { entity: c, term, sessions }, json: JSON.stringify(mapClass(c, term, zone, room, sessions)) };
    });
    const context: ListContext = { zone, room, admitPerMinute };
    return this.cache.compose(listRows, context, started);
  }

  /** The previous copy with the seats read now, or null when something besides seats differs. */
  private patchSeats(previous: CachedList, seats: SeatState[], readAt: number): CachedList | null {
    const rows = previous.rows as ListRow<PublicRow>[];
    if (seats.length !== rows.length) return null;
    let changed = false;
    const next = rows.map((row, i) => {
      const s = seats[i];
      const c = row.source.entity;
      if (s.id !== c.id) return null;
      const seatsMoved = s.enrolledStudents !== c.enrolledStudents || s.status !== c.status || s.closedWhenFull !== c.closedWhenFull;
      const touched = s.updatedAt.getTime() !== new Date(c.updatedAt).getTime();
      if (!seatsMoved && !touched) return row;
      // Written without a seat moving (an edit on another instance): only a whole read shows what changed.
      if (!seatsMoved) return null;
      changed = true;
      const entity = Object.assign(new ClassEntity(), c, {
        enrolledStudents: s.enrolledStudents,
        status: s.status as ClassStatus,
        closedWhenFull: s.closedWhenFull,
        updatedAt: s.updatedAt,
      });
      return {
        id: c.id,
        source: { ...row.source, entity },
        json: JSON.stringify(
          mapClass(
            entity,
            row.source.term,
            (previous.context as ListContext).zone,
            (previous.context as ListContext).room,
            row.source.sessions,
          ),
        ),
      };
    });
    if (next.some((r) => r === null)) return null;
    // Nothing moved: the same bytes and ETag (revalidations keep getting 304), its seats confirmed as of now.
    if (!changed) return { ...previous, seatsReadAt: readAt };
    return this.cache.compose(next as ListRow<PublicRow>[], previous.context, previous.createdAt, readAt);
  }
}
