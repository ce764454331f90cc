import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What a class says as its location when it names a location (and maybe a room of it). */
export interface PlaceLabel {
  locationId: string;
  /** null: the label of the location alone. */
  roomId: string | null;
  label: string;
}

/** The free text a class answers for a location and room: "Main Studio — Room 2", or the location's name alone. */
export const placeLabel = (location: string, room: string | null) => (room ? `${location} — ${room}` : location);

/**
 * What another module does when a location or room is renamed: the classes module rewrites the free-text `location`
 * of the classes that name it, so every reply, email and feed that reads that text says the new name. It runs inside
 * the rename's transaction, with its EntityManager.
 */
export interface PlaceLabelHook {
  placeRenamed(manager: EntityManager, organizationId: string, labels: PlaceLabel[]): Promise<void>;
}

/** Where modules above this one register their hook (in `onModuleInit`, like SeatsFreedHooks). */
@Injectable()
export class PlaceLabelHooks {
  private readonly hooks: PlaceLabelHook[] = [];

  register(hook: PlaceLabelHook): void {
    this.hooks.push(hook);
  }

  async run(manager: EntityManager, organizationId: string, labels: PlaceLabel[]): Promise<void> {
    if (!labels.length) return;
    for (const hook of this.hooks) await hook.placeRenamed(manager, organizationId, labels);
  }
}
