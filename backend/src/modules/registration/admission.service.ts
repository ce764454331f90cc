import { Injectable, NotFoundException } from '@nestjs/common';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { DropInSeats, dropInView } from '../classes/drop-in-seats.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PricingService } from '../pricing/pricing.service';
import { RegistrationFormsService } from '../registration-forms/registration-forms.service';
import { admit, type AdmissionRequest, type AdmissionSteps, type Admitted } from './admission';
import { CardHoldsService } from './card-holds.service';
import { RegistrationWindow } from './registration-window.service';

/**
 * Admission of a registration (admission.ts says the order): each step asks the module that owns its rule. In person
 * and by card, one person and a household, all come through here, so a refusal is the same whichever way they pay.
 */
@Injectable()
export class Admission {
  private readonly steps: AdmissionSteps;

  constructor(
    private readonly holds: CardHoldsService,
    private readonly orgs: OrganizationsService,
    private readonly window: RegistrationWindow,
    private readonly forms: RegistrationFormsService,
    private readonly pricing: PricingService,
    private readonly dropIns: DropInSeats,
  ) {
    this.steps = {
      readClass: (r) => this.readClass(r),
      readOrganization: (id) => this.orgs.requireForRegistration(id),
      assertOpen: (r, cls, org) =>
        this.window.assertOpen(cls, {
          email: r.contact.email,
          earlyAccessToken: r.earlyAccessToken,
          waitingRoomTicket: r.waitingRoomTicket,
          waitlistOffer: !!r.waitlistOfferToken,
          org,
        }),
      prepareForm: (r, cls, org) =>
        this.forms.prepare(
          org,
          r.classId,
          {
            contact: r.contact,
            answers: r.answers,
            waiverAcceptances: r.waiverAcceptances,
            attendees: r.attendees,
            guardian: r.guardian,
            firstSession: { at: cls.startDate, timeZone: org.settings?.timeZone ?? SERVER_TIME_ZONE },
          },
          r.client,
        ),
      quote: (r, cls, org) =>
        this.pricing.quoteForRegistration({
          organizationId: r.organizationId,
          org,
          cls,
          // One person may give their date of birth (the senior discount); a household gives each attendee's.
          attendees: r.attendees ?? (r.contact.dateOfBirth ? [{ dateOfBirth: r.contact.dateOfBirth }] : undefined),
          email: r.contact.email,
          promoCode: r.promoCode,
        }),
    };
  }

  admit(r: AdmissionRequest): Promise<Admitted> {
    return admit(r, this.steps);
  }

  /** The controller's read when it made one for this very class; otherwise one statement now. A drop-in's session then. */
  private async readClass(r: AdmissionRequest) {
    const read =
      r.read?.cls.id === r.classId && r.read.cls.organizationId === r.organizationId
        ? r.read
        : await this.holds.readClass(r.organizationId, r.classId, r.contact.email, {
            offerToken: r.waitlistOfferToken,
            household: !!r.attendees,
          });
    if (!read || read.cls.status === 'Archived') throw new NotFoundException(`Class with ID ${r.classId} not found`);
    if (!r.classSessionId) return read;
    // A drop-in: the session must be this class's and still sell one (404 or the refusal); from here on the class is
    // read as the drop-in buys it (one session, its start, the drop-in price). Whether this email holds a seat in
    // that session is the seat writer's locked look.
    const dropIn = await this.dropIns.bookable(r.organizationId, r.classId, r.classSessionId);
    return { ...read, cls: dropInView(read.cls, dropIn), emailHoldsSeat: true, dropIn };
  }
}
