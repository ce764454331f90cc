import type { Language } from '../../common/i18n/languages';

/**
 * The email that asks a person to sign a waiver's new version, in each language (issue 42 §2); English word for word
 * as before. `{{link}}` is where the signing link goes.
 */
export function waiverSignEmailText(language: Language, t: { firstName: string; org: string; waiver: string; version: number }) {
  switch (language) {
    case 'es':
      return {
        subject: `Firme la nueva versión de «${t.waiver}»: ${t.org}`,
        message:
          `Hola, ${t.firstName}:\n\n${t.org} actualizó «${t.waiver}» (versión ${t.version}). ` +
          `Lea el nuevo texto y fírmelo antes de su próxima clase:\n\n{{link}}\n\n` +
          `Abrir el enlace solo muestra el texto: no se firma nada hasta que escriba su nombre y pulse Firmar.`,
        label: 'Leer y firmar la exención',
      };
    case 'fr':
      return {
        subject: `Veuillez signer la nouvelle version de « ${t.waiver} » : ${t.org}`,
        message:
          `Bonjour ${t.firstName},\n\n${t.org} a mis à jour « ${t.waiver} » (version ${t.version}). ` +
          `Veuillez lire le nouveau texte et le signer avant votre prochain cours :\n\n{{link}}\n\n` +
          `Ouvrir le lien affiche seulement le texte : rien n’est signé tant que vous n’avez pas tapé votre nom et appuyé sur Signer.`,
        label: 'Lire et signer la décharge',
      };
    default:
      return {
        subject: `Please sign the updated “${t.waiver}”: ${t.org}`,
        message:
          `Hi ${t.firstName},\n\n${t.org} has updated “${t.waiver}” (version ${t.version}). ` +
          `Please read the new text and sign it before your next class:\n\n{{link}}\n\n` +
          `Opening the link only shows the text: nothing is signed until you type your name and press Sign.`,
        label: 'Read and sign the waiver',
      };
  }
}
