import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, referenceFilter, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CreateLocationDto, CreateRoomDto, UpdateLocationDto, UpdateRoomDto } from './dto/venue.dto';
import { LocationResponseDto, RoomResponseDto } from './dto/venue.response';
import { VenuesService } from './venues.service';

/** The sort fields of the lists; the first is the default (by name). */
const LOCATION_SORT_FIELDS = ['name', 'address', 'roomCount', 'createdAt', 'id'];
const ROOM_SORT_FIELDS = ['name', 'locationName', 'capacity', 'exclusive', 'createdAt', 'id'];

const matches = (q: unknown, ...texts: string[]) =>
  typeof q !== 'string' || q === '' || texts.some((t) => t.toLowerCase().includes(q.toLowerCase()));

/** An organization's locations and their rooms (admin), react-admin resources `locations` and `rooms`. */
@Roles(Role.Admin)
@Controller()
export class VenuesController {
  constructor(private readonly venues: VenuesService) {}

  @ApiList(LocationResponseDto, 'locations', LOCATION_SORT_FIELDS, ['q', 'id'], { description: 'By name unless sorted' })
  @Get('locations')
  async listLocations(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, LOCATION_SORT_FIELDS);
    const { page, total } = pageOf(await this.venues.listLocations(orgId), params, (l) => matches(params.filter.q, l.name, l.address));
    setContentRange(res, 'locations', params, page.length, total);
    return page;
  }

  @ApiEnvelope(LocationResponseDto, { description: "Another organization's is 404" })
  @Get('locations/:id')
  location(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.venues.location(orgId, id);
  }

  @ApiEnvelope(LocationResponseDto, { status: 201, description: 'Names are unique in the organization (409 LOCATION_NAME_TAKEN)' })
  @ApiRequestExample({ name: 'Riverside Community Center', address: '12 River Rd, Springfield, IL 62701' })
  @Post('locations')
  createLocation(@OrgId() orgId: string, @Body() dto: CreateLocationDto) {
    return this.venues.createLocation(orgId, dto);
  }

  @ApiEnvelope(LocationResponseDto, { description: "A new name is what the location's classes say from now on" })
  @ApiRequestExample({ name: 'Riverside Center', address: '12 River Rd, Springfield, IL 62701', timeZone: 'America/Chicago' })
  @Put('locations/:id')
  updateLocation(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: UpdateLocationDto) {
    return this.venues.updateLocation(orgId, id, dto);
  }

  @ApiEnvelope(DeletedResponseDto, { description: 'Its rooms go with it; 409 LOCATION_IN_USE while a class is held there' })
  @Delete('locations/:id')
  removeLocation(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.venues.removeLocation(orgId, id);
  }

  @ApiList(RoomResponseDto, 'rooms', ROOM_SORT_FIELDS, ['q', 'id', 'locationId'], { description: 'By name unless sorted' })
  @Get('rooms')
  async listRooms(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, ROOM_SORT_FIELDS);
    const locationId = referenceFilter(params.filter, 'locationId');
    // A locationId that is not an id matches nothing (referenceFilter gives ''), as in the other reference lists.
    const rows = locationId === '' ? [] : await this.venues.listRooms(orgId, locationId);
    const { page, total } = pageOf(rows, params, (r) => matches(params.filter.q, r.name, r.locationName));
    setContentRange(res, 'rooms', params, page.length, total);
    return page;
  }

  @ApiEnvelope(RoomResponseDto, { description: "Another organization's is 404" })
  @Get('rooms/:id')
  room(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.venues.room(orgId, id);
  }

  @ApiEnvelope(RoomResponseDto, {
    status: 201,
    description: "The location must be the organization's (400 UNKNOWN_LOCATION); names are unique in a location (409 ROOM_NAME_TAKEN)",
  })
  @ApiRequestExample({ locationId: '486f36a9-a089-445a-9c44-8cb266b86655', name: 'Studio B', capacity: 20, exclusive: true })
  @Post('rooms')
  createRoom(@OrgId() orgId: string, @Body() dto: CreateRoomDto) {
    return this.venues.createRoom(orgId, dto);
  }

  @ApiEnvelope(RoomResponseDto, { description: 'A room stays in its location (400 ROOM_NOT_IN_LOCATION)' })
  @ApiRequestExample({ locationId: '486f36a9-a089-445a-9c44-8cb266b86655', name: 'Studio B', capacity: 24, exclusive: true })
  @Put('rooms/:id')
  updateRoom(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: UpdateRoomDto) {
    return this.venues.updateRoom(orgId, id, dto);
  }

  @ApiEnvelope(DeletedResponseDto, { description: '409 ROOM_IN_USE while a class is held there' })
  @Delete('rooms/:id')
  removeRoom(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.venues.removeRoom(orgId, id);
  }
}
