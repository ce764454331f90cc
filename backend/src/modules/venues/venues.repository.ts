import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

export interface LocationRow {
  id: string;
  name: string;
  address: string;
  timeZone: string | null;
  roomCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoomRow {
  id: string;
  locationId: string;
  locationName: string;
  name: string;
  capacity: number | null;
  exclusive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface LocationFields {
  name: string;
  address: string;
  timeZone: string | null;
}

export interface RoomFields {
  name: string;
  capacity: number | null;
  exclusive: boolean;
}

const LOCATION = `l.id, l.name, l.address, l.time_zone AS "timeZone",
  (SELECT count(*)::int FROM rooms r WHERE r.organization_id = l.organization_id AND r.location_id = l.id) AS "roomCount",
  l.created_at AS "createdAt", l.updated_at AS "updatedAt"`;
const ROOM = `r.id, r.location_id AS "locationId", l.name AS "locationName", r.name, r.capacity, r.exclusive,
  r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;
const ROOM_FROM = `rooms r JOIN locations l ON l.organization_id = r.organization_id AND l.id = r.location_id`;

/** The locations and rooms tables; every statement is scoped to one organization. */
@Injectable()
export class VenuesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  listLocations(organizationId: string): Promise<LocationRow[]> {
    return this.db.query(`SELECT ${LOCATION} FROM locations l WHERE l.organization_id = $1 ORDER BY lower(l.name), l.id`, [organizationId]);
  }

  async findLocation(organizationId: string, id: string, manager: EntityManager | DataSource = this.db): Promise<LocationRow | null> {
    const rows: LocationRow[] = await manager.query(`SELECT ${LOCATION} FROM locations l WHERE l.organization_id = $1 AND l.id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  async insertLocation(organizationId: string, f: LocationFields): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO locations (organization_id, name, address, time_zone) VALUES ($1, $2, $3, $4) RETURNING id`,
      [organizationId, f.name, f.address, f.timeZone],
    );
    return rows[0].id;
  }

  /** The location row locked, then written; false when it is not the organization's. */
  async updateLocation(manager: EntityManager, organizationId: string, id: string, f: LocationFields): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE locations SET name = $3, address = $4, time_zone = $5, updated_at = now()
        WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [organizationId, id, f.name, f.address, f.timeZone],
    );
    return rows.length === 1;
  }

  async deleteLocation(organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(this.db, `DELETE FROM locations WHERE organization_id = $1 AND id = $2 RETURNING id`, [
      organizationId,
      id,
    ]);
    return rows.length === 1;
  }

  /** An organization's rooms, of one location when `locationId` is given. */
  listRooms(organizationId: string, locationId?: string): Promise<RoomRow[]> {
    return this.db.query(
      `SELECT ${ROOM} FROM ${ROOM_FROM} WHERE r.organization_id = $1 AND ($2::uuid IS NULL OR r.location_id = $2)
        ORDER BY lower(l.name), lower(r.name), r.id`,
      [organizationId, locationId ?? null],
    );
  }

  async findRoom(organizationId: string, id: string, manager: EntityManager | DataSource = this.db): Promise<RoomRow | null> {
    const rows: RoomRow[] = await manager.query(`SELECT ${ROOM} FROM ${ROOM_FROM} WHERE r.organization_id = $1 AND r.id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  async insertRoom(organizationId: string, locationId: string, f: RoomFields): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO rooms (organization_id, location_id, name, capacity, exclusive) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [organizationId, locationId, f.name, f.capacity, f.exclusive],
    );
    return rows[0].id;
  }

  async updateRoom(manager: EntityManager, organizationId: string, id: string, f: RoomFields): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE rooms SET name = $3, capacity = $4, exclusive = $5, updated_at = now() WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [organizationId, id, f.name, f.capacity, f.exclusive],
    );
    return rows.length === 1;
  }

  async deleteRoom(organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(this.db, `DELETE FROM rooms WHERE organization_id = $1 AND id = $2 RETURNING id`, [organizationId, id]);
    return rows.length === 1;
  }
}
