// A class's location, room and instructor as records: what a class form's ids become, and the free text kept in step.
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InstructorNameHooks, type InstructorNameHook } from '../instructors/instructor-name.hooks';
import { InstructorsService } from '../instructors/instructors.service';
import { PlaceLabelHooks, type PlaceLabel, type PlaceLabelHook } from '../venues/place-label.hooks';
import { VenuesService } from '../venues/venues.service';
import type { ClassEntity } from './class.entity';
import { ClassesRepository } from './classes.repository';
import type { CreateClassDto } from './dto/class.dto';
import { PublicListCache } from './public-list.cache';

type PlaceFields = Pick<ClassEntity, 'locationId' | 'roomId' | 'instructorId' | 'location' | 'instructor'>;

/**
 * The free-text `location` and `instructor` stay what every reply, email, feed and report says; a class that names a
 * record says the record's name there, written when the class is saved and again when the record is renamed (the
 * hooks below). A client that sends no ids (one written before the records) keeps the class's links while it sends the
 * same text, and turns the class back into free text when it sends another.
 */
@Injectable()
export class ClassPlaces implements OnModuleInit, PlaceLabelHook, InstructorNameHook {
  constructor(
    private readonly venues: VenuesService,
    private readonly instructors: InstructorsService,
    private readonly repo: ClassesRepository,
    private readonly cache: PublicListCache,
    private readonly placeHooks: PlaceLabelHooks,
    private readonly nameHooks: InstructorNameHooks,
  ) {}

  onModuleInit(): void {
    this.placeHooks.register(this);
    this.nameHooks.register(this);
  }

  /** The class's place and instructor from the form: ids checked to be the organization's (400 naming the field). */
  async fields(organizationId: string, dto: CreateClassDto, current?: ClassEntity): Promise<PlaceFields> {
    const sameLocationText = !!current && dto.location === current.location;
    const locationId = dto.locationId !== undefined ? dto.locationId : sameLocationText ? current.locationId : null;
    const roomId = dto.roomId !== undefined ? dto.roomId : sameLocationText ? current.roomId : null;
    const place = await this.venues.resolvePlace(organizationId, locationId, roomId);
    const sameInstructorText = !!current && dto.instructor === current.instructor;
    const instructorId = dto.instructorId !== undefined ? dto.instructorId : sameInstructorText ? current.instructorId : null;
    const instructor = instructorId ? await this.instructors.resolve(organizationId, instructorId) : null;
    return {
      locationId: place.locationId,
      roomId: place.roomId,
      location: place.label ?? dto.location,
      instructorId: instructor?.id ?? null,
      instructor: instructor?.name ?? dto.instructor,
    };
  }

  async placeRenamed(manager: EntityManager, organizationId: string, labels: PlaceLabel[]): Promise<void> {
    for (const l of labels) await this.repo.relabelPlace(manager, organizationId, l.locationId, l.roomId, l.label);
    this.cache.invalidate(organizationId);
  }

  async instructorRenamed(manager: EntityManager, organizationId: string, instructorId: string, name: string): Promise<void> {
    await this.repo.renameInstructor(manager, organizationId, instructorId, name);
    this.cache.invalidate(organizationId);
  }
}
