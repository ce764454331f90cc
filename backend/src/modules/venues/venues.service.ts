import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CreateLocationDto, CreateRoomDto } from './dto/venue.dto';
import { placeLabel, PlaceLabelHooks, type PlaceLabel } from './place-label.hooks';
import { VenueError, VenueException } from './venues.exception';
import { VenuesRepository, type LocationFields, type RoomFields } from './venues.repository';

const pgCode = (e: unknown) => (e as { code?: string } | null)?.code;

/** A unique name taken, answered with the field at fault; anything else is thrown as it was. */
function nameTaken(e: unknown, code: VenueError.LocationNameTaken | VenueError.RoomNameTaken): never {
  if (pgCode(e) !== '23505') throw e;
  const message =
    code === VenueError.LocationNameTaken ? 'A location with this name already exists' : 'This location already has a room with this name';
  throw new VenueException(code, message, 'name');
}

/** A delete refused because a class still names the record (the classes' foreign keys). */
function inUse(e: unknown, code: VenueError.LocationInUse | VenueError.RoomInUse): never {
  if (pgCode(e) !== '23503') throw e;
  throw new VenueException(
    code,
    code === VenueError.LocationInUse
      ? 'Classes are held at this location or in its rooms: give them another location first'
      : 'Classes are held in this room: give them another room first',
  );
}

/** What a class names: its location and room, checked to be the organization's and to fit together. */
export interface ResolvedPlace {
  locationId: string | null;
  roomId: string | null;
  label: string | null;
}

/** An organization's locations and rooms (Settings → Locations), and the check a class form's place goes through. */
@Injectable()
export class VenuesService {
  constructor(
    private readonly repo: VenuesRepository,
    private readonly labels: PlaceLabelHooks,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  listLocations(organizationId: string) {
    return this.repo.listLocations(organizationId);
  }

  async location(organizationId: string, id: string) {
    const row = await this.repo.findLocation(organizationId, id);
    if (!row) throw new NotFoundException('Location not found');
    return row;
  }

  async createLocation(organizationId: string, dto: CreateLocationDto) {
    const id = await this.repo.insertLocation(organizationId, locationFields(dto)).catch((e) => nameTaken(e, VenueError.LocationNameTaken));
    return this.location(organizationId, id);
  }

  /** A new name is written into every class held there, in the same transaction (PlaceLabelHooks). */
  async updateLocation(organizationId: string, id: string, dto: CreateLocationDto) {
    const f = locationFields(dto);
    await this.db
      .transaction(async (manager) => {
        const before = await this.repo.findLocation(organizationId, id, manager);
        if (!before || !(await this.repo.updateLocation(manager, organizationId, id, f))) throw new NotFoundException('Location not found');
        if (before.name === f.name) return;
        const rooms = await this.repo.listRooms(organizationId, id);
        const labels: PlaceLabel[] = [
          { locationId: id, roomId: null, label: f.name },
          ...rooms.map((r) => ({ locationId: id, roomId: r.id, label: placeLabel(f.name, r.name) })),
        ];
        await this.labels.run(manager, organizationId, labels);
      })
      .catch((e) => nameTaken(e, VenueError.LocationNameTaken));
    return this.location(organizationId, id);
  }

  async removeLocation(organizationId: string, id: string) {
    const deleted = await this.repo.deleteLocation(organizationId, id).catch((e) => inUse(e, VenueError.LocationInUse));
    if (!deleted) throw new NotFoundException('Location not found');
    return { id };
  }

  listRooms(organizationId: string, locationId?: string) {
    return this.repo.listRooms(organizationId, locationId);
  }

  async room(organizationId: string, id: string) {
    const row = await this.repo.findRoom(organizationId, id);
    if (!row) throw new NotFoundException('Room not found');
    return row;
  }

  /** A room of another organization's location (or of none) is refused like an unknown location. */
  async createRoom(organizationId: string, dto: CreateRoomDto) {
    if (!(await this.repo.findLocation(organizationId, dto.locationId))) throw unknownLocation();
    const id = await this.repo
      .insertRoom(organizationId, dto.locationId, roomFields(dto))
      .catch((e) => nameTaken(e, VenueError.RoomNameTaken));
    return this.room(organizationId, id);
  }

  /** A room stays in its location (the classes held there name both); a new name is written into their classes. */
  async updateRoom(organizationId: string, id: string, dto: CreateRoomDto) {
    const f = roomFields(dto);
    await this.db
      .transaction(async (manager) => {
        const before = await this.repo.findRoom(organizationId, id, manager);
        if (!before) throw new NotFoundException('Room not found');
        if (before.locationId !== dto.locationId)
          throw new VenueException(
            VenueError.RoomNotInLocation,
            'A room cannot move to another location: create it there instead',
            'locationId',
          );
        await this.repo.updateRoom(manager, organizationId, id, f);
        if (before.name !== f.name)
          await this.labels.run(manager, organizationId, [
            { locationId: before.locationId, roomId: id, label: placeLabel(before.locationName, f.name) },
          ]);
      })
      .catch((e) => nameTaken(e, VenueError.RoomNameTaken));
    return this.room(organizationId, id);
  }

  async removeRoom(organizationId: string, id: string) {
    const deleted = await this.repo.deleteRoom(organizationId, id).catch((e) => inUse(e, VenueError.RoomInUse));
    if (!deleted) throw new NotFoundException('Room not found');
    return { id };
  }

  /**
   * The place a class form names. A room alone brings its location; a room with a location must be in it. Ids of
   * another organization are refused as unknown (400 naming the field), never linked.
   */
  async resolvePlace(organizationId: string, locationId: string | null, roomId: string | null): Promise<ResolvedPlace> {
    if (roomId) {
      const room = await this.repo.findRoom(organizationId, roomId);
      if (!room) throw new VenueException(VenueError.UnknownRoom, 'This room does not exist in your organization', 'roomId');
      if (locationId && locationId !== room.locationId)
        throw new VenueException(VenueError.RoomNotInLocation, `${room.name} is not at this location`, 'roomId');
      return { locationId: room.locationId, roomId, label: placeLabel(room.locationName, room.name) };
    }
    if (locationId) {
      const location = await this.repo.findLocation(organizationId, locationId);
      if (!location) throw unknownLocation();
      return { locationId, roomId: null, label: location.name };
    }
    return { locationId: null, roomId: null, label: null };
  }
}

const unknownLocation = () =>
  new VenueException(VenueError.UnknownLocation, 'This location does not exist in your organization', 'locationId');

const locationFields = (dto: CreateLocationDto): LocationFields => ({
  name: dto.name,
  address: dto.address ?? '',
  timeZone: dto.timeZone ?? null,
});

const roomFields = (dto: CreateRoomDto): RoomFields => ({
  name: dto.name,
  capacity: dto.capacity ?? null,
  exclusive: dto.exclusive ?? true,
});
