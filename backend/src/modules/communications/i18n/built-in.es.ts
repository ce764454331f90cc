import type { BuiltInMessages } from '../templates';

/**
 * The product's own messages in Spanish: the same kinds, channels and `{{variables}}` as the English ones in
 * templates.ts (a unit test compares them key for key and placeholder for placeholder).
 */
export const BUILT_IN_ES: BuiltInMessages = {
  confirmation: {
    email: {
      subject: 'Inscripción confirmada: {{className}}',
      message:
        'Hola, {{firstName}}:\n\nSu inscripción en {{className}} con {{organizationName}} está confirmada.\n\nPrimera sesión: {{startDate}} a las {{startTime}}\nLugar: {{location}}\nInstructor: {{instructor}}\nSesiones: {{sessionCount}}\n\nEl archivo de calendario adjunto incluye todas las sesiones.\n\n¡Nos vemos allí!',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}}: su inscripción en {{className}} está confirmada; comienza el {{startDate}} a las {{startTime}} en {{location}}.',
    },
  },
  reminder: {
    email: {
      subject: 'Recordatorio: {{className}} el {{startDate}}',
      message:
        'Hola, {{firstName}}:\n\nLe recordamos que {{className}} se reúne el {{startDate}} a las {{startTime}}.\nLugar: {{location}}\n\n¡Nos vemos allí!',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}}: recordatorio, {{className}} el {{startDate}} a las {{startTime}}, {{location}}. Responda STOP para no recibir más mensajes.',
    },
  },
  receipt: {
    email: {
      subject: 'Recibo de pago: {{className}}',
      message:
        'Hola, {{firstName}}:\n\nHemos recibido su pago de {{amount}} por {{className}} con {{organizationName}}.\n\nPrimera sesión: {{startDate}} a las {{startTime}}\nLugar: {{location}}\n\n¡Gracias!',
    },
    sms: { subject: '', message: '{{organizationName}}: hemos recibido su pago de {{amount}} por {{className}}. ¡Gracias!' },
  },
  refund: {
    email: {
      subject: 'Reembolso emitido: {{className}}',
      message:
        'Hola, {{firstName}}:\n\n{{organizationName}} le ha reembolsado {{refundAmount}} por {{className}}. Aparecerá en su estado de cuenta en un plazo de 5 a 10 días hábiles.',
    },
    sms: { subject: '', message: '{{organizationName}}: un reembolso de {{refundAmount}} por {{className}} está en camino.' },
  },
  rating: {
    email: {
      subject: '¿Qué le pareció {{className}}?',
      message:
        'Hola, {{firstName}}:\n\n¿Qué le pareció {{className}}? Con un clic puede calificarla de 1 (mala) a 5 (excelente):\n\n{{ratingLinks}}\n\n¡Gracias por participar!',
    },
    sms: { subject: '', message: '{{organizationName}}: ¿qué le pareció {{className}}? Califíquela de 1 a 5: {{ratingLinks}}' },
  },
  class_confirmed: {
    email: {
      subject: 'Su clase se confirma: {{className}}',
      message:
        'Hola, {{firstName}}:\n\nBuenas noticias: {{className}} con {{organizationName}} tiene suficientes estudiantes y se realizará según lo previsto.\n\nPrimera sesión: {{startDate}} a las {{startTime}}\nLugar: {{location}}\nInstructor: {{instructor}}\n\n¡Nos vemos allí!',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: ¡su clase se confirma! {{className}} comienza el {{startDate}} a las {{startTime}} en {{location}}.',
    },
  },
  class_cancelled: {
    email: {
      subject: 'Clase cancelada: {{className}}',
      message:
        'Hola, {{firstName}}:\n\nLo sentimos: {{className}} con {{organizationName}}, que debía comenzar el {{startDate}} a las {{startTime}}, no alcanzó el número mínimo de estudiantes y ha sido cancelada.\n\nSi pagó con tarjeta, se le reembolsa el pago completo (un correo aparte confirma el reembolso). Si pagó en persona, {{organizationName}} se comunicará con usted sobre su pago.\n\nEsperamos verle en otra clase.',
    },
    sms: {
      subject: '',
      message:
        '{{organizationName}}: {{className}} del {{startDate}} se ha cancelado (pocos estudiantes). Los pagos con tarjeta se reembolsan en su totalidad.',
    },
  },
  class_below_minimum: {
    email: {
      subject: 'Por debajo del mínimo: {{className}} tiene {{enrolledCount}} de {{minEnrollment}} estudiantes',
      message:
        'Hola:\n\n{{className}} (primera sesión el {{startDate}} a las {{startTime}}) tiene {{enrolledCount}} estudiantes inscritos, por debajo de su mínimo de {{minEnrollment}}, en su momento de decisión.\n\n{{decisionOutcome}}\n\nAbrir la clase: {{classUrl}}',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: {{className}} tiene {{enrolledCount}} de {{minEnrollment}} estudiantes. {{decisionOutcome}}',
    },
  },
  waitlist_joined: {
    email: {
      subject: 'Está en la lista de espera: {{className}}',
      message:
        'Hola, {{firstName}}:\n\nUsted es el número {{waitlistPosition}} en la lista de espera de {{className}} con {{organizationName}}.\n\nCuando se libere un lugar y sea su turno, se lo reservaremos y le enviaremos un enlace para inscribirse.\n\nSi ya no desea un lugar, salga de la lista de espera: {{leaveLink}}',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: usted es el número {{waitlistPosition}} en la lista de espera de {{className}}.',
    },
  },
  waitlist_offer: {
    email: {
      subject: 'Tiene un lugar: {{className}}',
      message:
        'Hola, {{firstName}}:\n\nSe ha liberado un lugar en {{className}} con {{organizationName}} y se lo reservamos hasta el {{offerExpiresAt}}.\n\nPrimera sesión: {{startDate}} a las {{startTime}}\nLugar: {{location}}\n\nInscríbase en su lugar: {{offerLink}}\n\nSi ya no desea un lugar, salga de la lista de espera: {{leaveLink}}\n\nDespués del {{offerExpiresAt}}, el lugar pasa a la siguiente persona de la lista de espera.',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: le reservamos un lugar en {{className}} hasta el {{offerExpiresAt}}. Inscríbase: {{offerLink}}',
    },
  },
};
