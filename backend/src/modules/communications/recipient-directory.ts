import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Language } from '../../common/i18n/languages';

/** A person messages can go to, with their consent to optional messages. */
export interface Recipient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
}

/**
 * Who the organization's students are, as this module needs them: the Communication Center's recipients, the opt-in
 * each message is checked against when it goes, and the one-click unsubscribe. The students module owns those people
 * and fills this port at start-up, so this module never imports it (it is the students module that sits above).
 */
export interface RecipientDirectory {
  /** The organization's students, by name (the Communication Center's dropdown). */
  contacts(organizationId: string): Promise<Recipient[]>;
  /** One student of the organization; null for anyone else (another organization's id included). */
  find(organizationId: string, id: string): Promise<Recipient | null>;
  /** Each student's current communicationOptIn, by id, read in the caller's transaction when given. */
  optIns(ids: string[], manager?: EntityManager): Promise<Map<string, boolean>>;
  /** Each student's language for their messages by id (null: not known), read in the caller's transaction when given. */
  languages(ids: string[], manager?: EntityManager): Promise<Map<string, Language | null>>;
  /** Records an opt-in change (the unsubscribe link); false when the student is not in the organization. */
  setOptIn(organizationId: string, id: string, optIn: boolean): Promise<boolean>;
}

/**
 * The port itself: inject it and call its methods; the owner of the people calls `fill` in its `onModuleInit`
 * (as handlers register with StripeEventHandlers). Nothing here works before that, and a call then fails loudly.
 */
@Injectable()
export class RecipientDirectoryPort implements RecipientDirectory {
  private directory: RecipientDirectory | null = null;

  fill(directory: RecipientDirectory): void {
    this.directory = directory;
  }

  private get filled(): RecipientDirectory {
    if (!this.directory) throw new Error('No recipient directory: the students module fills it when it starts');
    return this.directory;
  }

  contacts(organizationId: string): Promise<Recipient[]> {
    return this.filled.contacts(organizationId);
  }

  find(organizationId: string, id: string): Promise<Recipient | null> {
    return this.filled.find(organizationId, id);
  }

  optIns(ids: string[], manager?: EntityManager): Promise<Map<string, boolean>> {
    return this.filled.optIns(ids, manager);
  }

  languages(ids: string[], manager?: EntityManager): Promise<Map<string, Language | null>> {
    return this.filled.languages(ids, manager);
  }

  setOptIn(organizationId: string, id: string, optIn: boolean): Promise<boolean> {
    return this.filled.setOptIn(organizationId, id, optIn);
  }
}
