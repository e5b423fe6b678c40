/** The shop's account mails, in French, as text and simple HTML (every client shows one of them). */
import type { OutgoingMail } from './mailer.js';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  link: { url: string; label: string },
  footer: string,
): OutgoingMail {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${link.label} : ${link.url}`,
    '',
    footer,
    '',
    'Pièces Auto Recyclées',
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escape(greeting)}</p>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link.url)}" style="display:inline-block;background:#1d4f91;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>
<p style="font-size:13px;color:#475569">Si le bouton ne marche pas, copiez ce lien dans votre navigateur :<br>${escape(link.url)}</p>
<p style="font-size:13px;color:#475569">${escape(footer)}</p>
<p>Pièces Auto Recyclées</p>
</body></html>`;
  return { to, subject, text, html };
}

/** When a registration was made, as the mail's reader reads the time (Paris). */
const parisTime = (date: Date) =>
  date.toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

/**
 * A name's initials (« Lucie Durand » → « L. D. »): what a registration's mail says of whoever made it.
 * Whole names would carry a stranger's sentence to an address nobody has proven yet (« Votre compte est
 * suspendu, appelez… »); two letters cannot, and still tell the owner's registration from another.
 */
const initials = (...names: string[]) =>
  names.map((name) => `${([...name.trim()][0] ?? '').toLocaleUpperCase('fr-FR')}.`).join(' ');

/**
 * A registration's link. It says when the registration was made and the initials of the name given
 * (decision 0028: no text a stranger typed reaches an unproven address), and that the password chosen
 * then is asked: the mailbox's owner confirms only their own registration, never one a
 * stranger made with the same address (decision 0026). Any live link of the address confirms any of its
 * registrations with that registration's password, so the owner whose own mail did not leave (too many
 * mails to the address this hour) confirms with this one. Greeted without a name: whoever registered
 * typed it, and the reader may be someone else.
 */
export function verificationMail(
  to: string,
  registration: { firstName: string; lastName: string; createdAt: Date },
  url: string,
): OutgoingMail {
  return mail(
    to,
    'Confirmez votre adresse e-mail',
    'Bonjour,',
    [
      `Un compte a été demandé sur Pièces Auto Recyclées avec cette adresse e-mail, le ${parisTime(registration.createdAt)}, au nom de ${initials(registration.firstName, registration.lastName)} (initiales du prénom et du nom indiqués).`,
      'Si c’est vous, ouvrez ce lien et saisissez le mot de passe choisi à l’inscription. Ce lien est valable 48 heures.',
      'Vous vous êtes inscrit avec cette adresse à un autre moment ? Ce lien confirme aussi votre inscription : saisissez le mot de passe que vous aviez choisi.',
    ],
    { url, label: 'Confirmer mon adresse e-mail' },
    'Vous n’avez rien demandé ? Ignorez ce message : sans le mot de passe choisi à l’inscription, personne ne peut confirmer ce compte.',
  );
}

export function resetPasswordMail(to: string, firstName: string, url: string): OutgoingMail {
  return mail(
    to,
    'Réinitialisation de votre mot de passe',
    `Bonjour ${firstName},`,
    [
      'Vous avez demandé à changer le mot de passe de votre compte.',
      'Choisissez-en un nouveau avec le lien ci-dessous. Il est valable 2 heures et ne sert qu’une fois.',
    ],
    { url, label: 'Choisir un nouveau mot de passe' },
    'Vous n’êtes pas à l’origine de cette demande ? Ignorez ce message : votre mot de passe actuel reste valable.',
  );
}

/**
 * To the new address: its link makes it the account's e-mail. Greeted without a name: the address is not
 * proven yet, and the name is the account's, perhaps not its reader's.
 */
export function emailChangeMail(to: string, url: string): OutgoingMail {
  return mail(
    to,
    'Confirmez votre nouvelle adresse e-mail',
    'Bonjour,',
    [
      'Vous avez demandé que cette adresse devienne celle de votre compte Pièces Auto Recyclées.',
      'Confirmez-la avec le lien ci-dessous. Il est valable 24 heures et ne sert qu’une fois. D’ici là, votre compte garde son adresse actuelle.',
    ],
    { url, label: 'Confirmer ma nouvelle adresse' },
    'Vous n’êtes pas à l’origine de cette demande ? Ignorez ce message : rien ne changera.',
  );
}

/**
 * To the current address, when a new one is asked for: its owner can still stop it. The new one is
 * masked: the current address may be one its owner is leaving (a job's), whose next reader need not
 * learn the new.
 */
export function emailChangeRequestedMail(to: string, firstName: string, newEmail: string, url: string): OutgoingMail {
  return mail(
    to,
    'Demande de changement de votre adresse e-mail',
    `Bonjour ${firstName},`,
    [
      `Une demande a été faite pour que votre compte Pièces Auto Recyclées utilise désormais l’adresse ${maskedEmail(newEmail)}.`,
      'Le changement ne prendra effet que lorsque le lien envoyé à cette nouvelle adresse aura été ouvert. Si vous en êtes à l’origine, vous n’avez rien d’autre à faire.',
      'Si ce n’est pas vous, quelqu’un connaît votre mot de passe : changez-le dès maintenant avec le lien ci-dessous. La demande sera annulée et toutes les sessions ouvertes sur votre compte seront fermées.',
    ],
    { url, label: 'Changer mon mot de passe' },
    'Ce message est envoyé à l’adresse actuelle de votre compte pour votre sécurité.',
  );
}

/**
 * An address as the mail to an address left shows it: its first letter and its domain. The next reader
 * of a mailbox its owner left (an old employer's) learns nothing of the new one but its provider.
 */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * To the previous address, once the new one is confirmed, with the way back (decision 0028): whoever
 * knew the password could move the account, so the address it left can take it back for a week, if it
 * had held the account a week itself (`recoveryUrl` null otherwise), with a password it had there.
 */
export function emailChangedMail(
  to: string,
  firstName: string,
  newEmail: string,
  recoveryUrl: string | null,
  siteUrl: string,
): OutgoingMail {
  return mail(
    to,
    'L’adresse e-mail de votre compte a changé',
    `Bonjour ${firstName},`,
    [
      `Votre compte Pièces Auto Recyclées utilise désormais l’adresse ${maskedEmail(newEmail)} : c’est elle qui sert à vous connecter et à recevoir nos messages. Les sessions ouvertes sur d’autres appareils ont été fermées.`,
      'Vous êtes à l’origine de ce changement ? Vous n’avez rien à faire.',
      recoveryUrl
        ? 'Ce n’est pas vous ? Quelqu’un connaît votre mot de passe. Pendant 7 jours, le lien ci-dessous rend à votre compte cette adresse-ci : vous saisirez un mot de passe que votre compte avait avec elle, puis en choisirez un nouveau ; toutes les sessions seront fermées, et les adresses de livraison ajoutées ou modifiées entre-temps attendront votre accord.'
        : 'Cette adresse n’était celle du compte que depuis moins de 7 jours : elle ne peut pas le reprendre. Si le changement n’est pas de vous, répondez à ce message.',
    ],
    recoveryUrl
      ? { url: recoveryUrl, label: 'Ce n’est pas moi : récupérer mon compte' }
      : { url: `${siteUrl}/connexion`, label: 'Me connecter' },
    'Ce message est envoyé à l’ancienne adresse de votre compte pour votre sécurité.',
  );
}

/**
 * To an address someone registered while it may still take back the account it left (decision 0028):
 * no account is made; its owner is pointed to the way back, which the mail does not repeat (it lives in
 * the earlier mail, and nobody but this mailbox holds it).
 */
export function recoveryReminderMail(to: string, until: Date, siteUrl: string): OutgoingMail {
  return mail(
    to,
    'Votre adresse peut reprendre son compte',
    'Bonjour,',
    [
      'Quelqu’un, peut-être vous, vient de demander la création d’un compte Pièces Auto Recyclées avec cette adresse e-mail. Aucun compte n’a été créé.',
      `Un compte a quitté cette adresse il y a peu, et elle peut encore le reprendre, jusqu’au ${parisTime(until)} : ouvrez le message « L’adresse e-mail de votre compte a changé » et son lien « Ce n’est pas moi : récupérer mon compte ».`,
    ],
    { url: `${siteUrl}/aide-et-contact`, label: 'Une question ? Nous écrire' },
    'Vous n’avez rien demandé ? Ignorez ce message.',
  );
}

/** To the address that lost the account to a recovery link (decision 0028). */
export function accountRecoveredMail(
  to: string,
  firstName: string,
  restoredEmail: string,
  siteUrl: string,
): OutgoingMail {
  return mail(
    to,
    'Votre compte a repris son ancienne adresse e-mail',
    `Bonjour ${firstName},`,
    [
      `Le compte Pièces Auto Recyclées qui utilisait cette adresse a repris l’adresse ${restoredEmail}, avec le lien qui lui avait été envoyé quand elle l’avait quitté. Cette adresse-ci ne sert plus à vous connecter, et les sessions ouvertes ont été fermées.`,
      'Une question ? Répondez à ce message ou écrivez-nous.',
    ],
    { url: `${siteUrl}/aide-et-contact`, label: 'Nous écrire' },
    'Ce message est envoyé à l’adresse que le compte vient de quitter.',
  );
}

/** To the account's address when its password was changed while signed in: a thief's change is seen at once. */
export function passwordChangedMail(to: string, firstName: string, resetUrl: string): OutgoingMail {
  return mail(
    to,
    'Le mot de passe de votre compte a changé',
    `Bonjour ${firstName},`,
    [
      'Le mot de passe de votre compte Pièces Auto Recyclées vient d’être changé. Les sessions ouvertes sur d’autres appareils ont été fermées.',
      'Vous êtes à l’origine de ce changement ? Vous n’avez rien à faire.',
      'Ce n’est pas vous ? Quelqu’un connaissait votre mot de passe : choisissez-en un nouveau avec le lien ci-dessous (un lien vous sera envoyé à cette adresse). Toutes les sessions seront fermées, et les adresses de livraison ajoutées ou modifiées entre-temps attendront votre accord.',
    ],
    { url: resetUrl, label: 'Choisir un nouveau mot de passe' },
    'Ce message est envoyé à l’adresse de votre compte pour votre sécurité.',
  );
}

/**
 * To the owner of an address someone tried to register again (perhaps the owner, who forgot): the
 * registration's answer is the same as for a new account, so this mail is the only place that says it.
 */
/**
 * To the owner of an address someone asked to use for another account (`asked`: a registration, or a
 * signed-in customer's new e-mail): the answer to the asker never says the address has an account.
 */
export function accountExistsMail(
  to: string,
  firstName: string,
  signInUrl: string,
  resetUrl: string,
  asked: 'registration' | 'email-change',
): OutgoingMail {
  return mail(
    to,
    'Vous avez déjà un compte',
    `Bonjour ${firstName},`,
    [
      asked === 'registration'
        ? 'Quelqu’un, peut-être vous, vient de demander la création d’un compte Pièces Auto Recyclées avec cette adresse e-mail. Elle a déjà un compte : aucun autre n’a été créé et le vôtre n’a pas changé.'
        : 'Quelqu’un, peut-être vous, vient de demander à utiliser cette adresse e-mail pour un autre compte Pièces Auto Recyclées. Elle est déjà celle de votre compte : elle n’a pas été reprise, et votre compte n’a pas changé.',
      `Pour vous connecter, utilisez le lien ci-dessous. Mot de passe oublié ? Choisissez-en un nouveau ici : ${resetUrl}`,
    ],
    { url: signInUrl, label: 'Me connecter' },
    'Vous n’êtes pas à l’origine de cette demande ? Ignorez ce message : votre compte et votre mot de passe restent tels quels.',
  );
}

export interface ConfirmedOrder {
  number: string;
  lines: { name: string; amount: number }[];
  /**
   * The order's own itemsTotal, shown as the "Pièces" line (never a sum made here, so the mail says
   * what the recap and the order page say).
   */
  itemsTotal: number;
  shippingName: string | null;
  shippingTotal: number;
  total: number;
  url: string;
  /** A consumer's order: the mail recalls the right of withdrawal and where to use it. */
  consumer: boolean;
}

const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });

/** Sent once the provider confirmed the payment: the contract's confirmation on a durable medium. */
export function orderConfirmationMail(to: string, firstName: string, order: ConfirmedOrder): OutgoingMail {
  return mail(
    to,
    `Commande n° ${order.number} enregistrée`,
    `Bonjour ${firstName},`,
    [
      `Merci pour votre commande n° ${order.number} : votre paiement est confirmé.`,
      ...order.lines.map((line) => `• ${line.name} : ${euros(line.amount)}`),
      `Pièces (${order.lines.length}) : ${euros(order.itemsTotal)}`,
      `Livraison${order.shippingName ? ` (${order.shippingName})` : ''} : ${order.shippingTotal === 0 ? 'gratuite' : euros(order.shippingTotal)}`,
      `Total payé TTC : ${euros(order.total)}`,
      'Le centre VHU vérifie maintenant vos pièces avant de les préparer. Vous suivez chaque étape dans votre compte.',
      ...(order.consumer
        ? [
            'Vous disposez de 14 jours après réception pour renoncer à votre achat : depuis la page de la commande, « Renoncer au contrat ici ».',
          ]
        : []),
    ],
    { url: order.url, label: 'Suivre ma commande' },
    'Une question sur cette commande ? Répondez à ce message ou appelez-nous en indiquant son numéro.',
  );
}

export interface WithdrawnOrder {
  number: string;
  /** Names of the parts withdrawn from. */
  names: string[];
  /** When the request was received, in words (Paris time). */
  requestedAt: string;
  url: string;
}

/** The acknowledgement on a durable medium of L221-21: what was withdrawn, and when. */
export function withdrawalAcknowledgementMail(to: string, firstName: string, order: WithdrawnOrder): OutgoingMail {
  return mail(
    to,
    `Accusé de réception de votre rétractation — commande n° ${order.number}`,
    `Bonjour ${firstName},`,
    [
      `Nous avons bien reçu, le ${order.requestedAt} (heure de Paris), votre demande de rétractation pour la commande n° ${order.number}, portant sur :`,
      ...order.names.map((name) => `• ${name}`),
      'Renvoyez-nous ces pièces, ou rapportez-les au centre, au plus tard 14 jours après cette demande. Les frais de retour sont à votre charge ; pour les pièces lourdes (moteur, boîte de vitesses), ils peuvent être élevés : nos conditions générales de vente en donnent une estimation.',
      'Nous vous rembourserons le prix des pièces et les frais de livraison initiaux au tarif standard dans les 14 jours suivant votre demande, par le moyen de paiement utilisé ; nous pouvons attendre d’avoir reçu les pièces.',
    ],
    { url: order.url, label: 'Voir ma commande' },
    'Ce message vaut accusé de réception sur support durable. Conservez-le.',
  );
}

/** Sent 30 days before an unused account is erased (CNIL: warn before deleting an inactive customer). */
export function retentionWarningMail(to: string, firstName: string, erasureDay: string, url: string): OutgoingMail {
  return mail(
    to,
    'Votre compte sera supprimé faute d’utilisation',
    `Bonjour ${firstName},`,
    [
      'Vous ne vous êtes pas connecté à votre compte Pièces Auto Recyclées depuis bientôt deux ans.',
      `Comme nous nous y engageons, nous le supprimerons à partir du ${erasureDay}, avec vos adresses et vos immatriculations. Vos factures restent conservées pour notre comptabilité, comme la loi l’impose.`,
      'Pour garder votre compte, il suffit de vous connecter avant cette date.',
    ],
    { url, label: 'Me connecter pour garder mon compte' },
    'Vous pouvez aussi télécharger vos données depuis votre compte, rubrique Mes données, avant sa suppression.',
  );
}

export interface QuoteRequestMail {
  vehicle: string;
  code: string;
  companyName: string;
  siret: string;
  contactName: string;
  email: string;
  phoneNumber: string;
  destination: string | null;
  message: string;
  requestedAt: string;
}

function quoteLines(request: QuoteRequestMail): string[] {
  return [
    `Véhicule : ${request.vehicle} (réf. ${request.code})`,
    `Entreprise : ${request.companyName} — SIRET ${request.siret}`,
    `Contact : ${request.contactName}, ${request.email}, ${request.phoneNumber}`,
    `Destination : ${request.destination ?? 'non précisée'}`,
    `Message : ${request.message || '(aucun)'}`,
  ];
}

/** To the yard: a professional asks for a quote on a whole vehicle; replying answers the customer. */
export function quoteRequestStaffMail(to: string, request: QuoteRequestMail): OutgoingMail {
  return {
    ...mail(
      to,
      `Demande de devis ${request.code} — ${request.companyName}`,
      'Bonjour,',
      [
        `Demande de devis reçue le ${request.requestedAt} (heure de Paris) pour un véhicule export :`,
        ...quoteLines(request),
      ],
      { url: `mailto:${request.email}`, label: `Répondre à ${request.contactName}` },
      'Vérifiez l’extrait Kbis et, pour une sortie de l’Union européenne, la réglementation des transferts de déchets avant de céder un VHU.',
    ),
    replyTo: request.email,
  };
}

/** To the professional: a copy of their request, and what happens next. */
export function quoteRequestCopyMail(
  to: string,
  firstName: string,
  request: QuoteRequestMail,
  url: string,
): OutgoingMail {
  return mail(
    to,
    `Votre demande de devis — ${request.vehicle}`,
    `Bonjour ${firstName},`,
    [
      `Nous avons bien reçu, le ${request.requestedAt} (heure de Paris), votre demande de devis :`,
      ...quoteLines(request),
      'Nous vous répondons sous deux jours ouvrés avec le prix, les photos et les documents du véhicule. Un extrait Kbis de moins de trois mois vous sera demandé avant la cession.',
    ],
    { url, label: 'Voir les véhicules disponibles' },
    'Aucun paiement n’est demandé en ligne pour un véhicule entier.',
  );
}
