import type { Language } from '../../common/i18n/languages';

/** The portal's sign-in link email in each language (issue 42 §2); English word for word as before. */
export function signInLinkText(language: Language, org: string, firstName: string, minutes: number) {
  switch (language) {
    case 'es':
      return {
        subject: `Su enlace de acceso: ${org}`,
        message:
          `Hola, ${firstName}:\n\nAbra este enlace para ver y gestionar sus inscripciones con ${org}:\n\n{{link}}\n\n` +
          `El enlace funciona una sola vez, durante ${minutes} minutos. Si no lo pidió, puede ignorar este correo.`,
        label: 'Gestionar mis inscripciones',
      };
    case 'fr':
      return {
        subject: `Votre lien de connexion : ${org}`,
        message:
          `Bonjour ${firstName},\n\nOuvrez ce lien pour voir et gérer vos inscriptions avec ${org} :\n\n{{link}}\n\n` +
          `Le lien fonctionne une seule fois, pendant ${minutes} minutes. Si vous ne l’avez pas demandé, vous pouvez ignorer ce courriel.`,
        label: 'Gérer mes inscriptions',
      };
    default:
      return {
        subject: `Your sign-in link: ${org}`,
        message:
          `Hi ${firstName},\n\nOpen this link to see and manage your registrations with ${org}:\n\n{{link}}\n\n` +
          `The link works once, for ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
        label: 'Manage my registrations',
      };
  }
}
