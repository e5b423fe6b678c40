/** What the staff's routes and tools answer when they refuse (coded, as every refusal of the shop API). */
import { coded } from './refusal-codes.js';

export const STAFF_MESSAGES = coded('staff', {
  token: 'Jeton du personnel absent ou invalide.',
  orderNotFound: 'Commande introuvable.',
  partNotFound: 'Pièce introuvable.',
  partNotImported: 'Pièce introuvable : importez sa ligne avant ses photos.',
  photoFormat: 'Envoyez la photo en JPEG, PNG ou WebP.',
  unreadablePhoto: 'Ce fichier n’est pas une image lisible.',
  photoTooLarge: (width: number, height: number, megapixels: number) =>
    `Photo trop grande (${width} × ${height} pixels) : ${megapixels} mégapixels au plus.`,
  saleInFuture: 'La date de vente ne peut pas être dans le futur.',
} as const);
