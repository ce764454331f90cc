import type { BuiltInMessages } from '../templates';

/**
 * The product's own messages in French: the same kinds, channels and `{{variables}}` as the English ones in
 * templates.ts (a unit test compares them key for key and placeholder for placeholder).
 */
export const BUILT_IN_FR: BuiltInMessages = {
  confirmation: {
    email: {
      subject: 'Inscription confirmée : {{className}}',
      message:
        'Bonjour {{firstName}},\n\nVotre inscription à {{className}} avec {{organizationName}} est confirmée.\n\nPremière séance : {{startDate}} à {{startTime}}\nLieu : {{location}}\nInstructeur : {{instructor}}\nSéances : {{sessionCount}}\n\nLe fichier de calendrier joint contient toutes les séances.\n\nÀ bientôt !',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}} : votre inscription à {{className}} est confirmée, début le {{startDate}} à {{startTime}}, {{location}}.',
    },
  },
  reminder: {
    email: {
      subject: 'Rappel : {{className}} le {{startDate}}',
      message:
        'Bonjour {{firstName}},\n\nPetit rappel : {{className}} a lieu le {{startDate}} à {{startTime}}.\nLieu : {{location}}\n\nÀ bientôt !',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}} : rappel, {{className}} le {{startDate}} à {{startTime}}, {{location}}. Répondez STOP pour ne plus recevoir de messages.',
    },
  },
  receipt: {
    email: {
      subject: 'Reçu de paiement : {{className}}',
      message:
        'Bonjour {{firstName}},\n\nNous avons bien reçu votre paiement de {{amount}} pour {{className}} avec {{organizationName}}.\n\nPremière séance : {{startDate}} à {{startTime}}\nLieu : {{location}}\n\nMerci !',
    },
    sms: { subject: '', message: '{{organizationName}} : paiement de {{amount}} reçu pour {{className}}. Merci !' },
  },
  refund: {
    email: {
      subject: 'Remboursement effectué : {{className}}',
      message:
        'Bonjour {{firstName}},\n\n{{organizationName}} vous a remboursé {{refundAmount}} pour {{className}}. Le montant apparaîtra sur votre relevé d’ici 5 à 10 jours ouvrables.',
    },
    sms: { subject: '', message: '{{organizationName}} : un remboursement de {{refundAmount}} pour {{className}} est en route.' },
  },
  rating: {
    email: {
      subject: 'Comment était {{className}} ?',
      message:
        'Bonjour {{firstName}},\n\nComment était {{className}} ? Un clic suffit pour lui donner une note de 1 (faible) à 5 (excellent) :\n\n{{ratingLinks}}\n\nMerci de votre participation !',
    },
    sms: { subject: '', message: '{{organizationName}} : comment était {{className}} ? Donnez une note de 1 à 5 : {{ratingLinks}}' },
  },
  class_confirmed: {
    email: {
      subject: 'Votre cours est maintenu : {{className}}',
      message:
        'Bonjour {{firstName}},\n\nBonne nouvelle : {{className}} avec {{organizationName}} compte assez d’élèves et aura lieu comme prévu.\n\nPremière séance : {{startDate}} à {{startTime}}\nLieu : {{location}}\nInstructeur : {{instructor}}\n\nÀ bientôt !',
    },
    sms: {
      subject: '',
      message: '{{organizationName}} : votre cours est maintenu ! {{className}} commence le {{startDate}} à {{startTime}}, {{location}}.',
    },
  },
  class_cancelled: {
    email: {
      subject: 'Cours annulé : {{className}}',
      message:
        'Bonjour {{firstName}},\n\nNous sommes désolés : {{className}} avec {{organizationName}}, qui devait commencer le {{startDate}} à {{startTime}}, n’a pas atteint le nombre minimum d’élèves et est annulé.\n\nSi vous avez payé par carte, votre paiement vous est remboursé en entier (un courriel distinct confirme le remboursement). Si vous avez payé en personne, {{organizationName}} communiquera avec vous au sujet de votre paiement.\n\nNous espérons vous voir à un autre cours.',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}} : {{className}} du {{startDate}} est annulé (trop peu d’élèves). Les paiements par carte sont remboursés en entier.',
    },
  },
  class_below_minimum: {
    email: {
      subject: 'Sous le minimum : {{className}} compte {{enrolledCount}} élèves sur {{minEnrollment}}',
      message:
        'Bonjour,\n\n{{className}} (première séance le {{startDate}} à {{startTime}}) compte {{enrolledCount}} élèves inscrits, sous son minimum de {{minEnrollment}}, au moment de la décision.\n\n{{decisionOutcome}}\n\nOuvrir le cours : {{classUrl}}',
    },
    sms: {
      subject: '',
      message: '{{organizationName}} : {{className}} compte {{enrolledCount}} élèves sur {{minEnrollment}}. {{decisionOutcome}}',
    },
  },
  waitlist_joined: {
    email: {
      subject: 'Vous êtes sur la liste d’attente : {{className}}',
      message:
        'Bonjour {{firstName}},\n\nVous êtes numéro {{waitlistPosition}} sur la liste d’attente de {{className}} avec {{organizationName}}.\n\nQuand une place se libérera et que ce sera votre tour, nous vous la réserverons et vous enverrons un lien pour vous inscrire.\n\nSi vous ne voulez plus de place, quittez la liste d’attente : {{leaveLink}}',
    },
    sms: {
      subject: '',
      message: '{{organizationName}} : vous êtes numéro {{waitlistPosition}} sur la liste d’attente de {{className}}.',
    },
  },
  waitlist_offer: {
    email: {
      subject: 'Une place vous attend : {{className}}',
      message:
        'Bonjour {{firstName}},\n\nUne place s’est libérée dans {{className}} avec {{organizationName}} et nous vous la réservons jusqu’au {{offerExpiresAt}}.\n\nPremière séance : {{startDate}} à {{startTime}}\nLieu : {{location}}\n\nInscrivez-vous à votre place : {{offerLink}}\n\nSi vous ne voulez plus de place, quittez la liste d’attente : {{leaveLink}}\n\nAprès le {{offerExpiresAt}}, la place passe à la personne suivante sur la liste d’attente.',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}} : une place dans {{className}} vous est réservée jusqu’au {{offerExpiresAt}}. Inscrivez-vous : {{offerLink}}',
    },
  },
};
