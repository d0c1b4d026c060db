import {
  b,
  blank,
  bullets,
  doc,
  facts,
  field,
  h,
  lines,
  notaryBlock,
  numbered,
  p,
  pageBreak,
  signatureBlock,
  signatureFields,
  signatureLine,
} from './build-document';
import type { LibraryTemplate } from './library-template';

/*
 * After a tax-deed purchase the investor usually clears title by buying the former owner's
 * remaining interest for a quitclaim deed. The former owner is the document's client; only
 * standard merge keys (a new tax-deed organization has no property custom fields).
 */

const sector = 'Tax Deed Investor' as const;
const owner = [field('client.fullName')];
const investor = [field('organization.name')];

const quitclaimAgreement: LibraryTemplate = {
  key: 'tax-deed-quitclaim-purchase-agreement',
  name: 'Quitclaim Deed Purchase Agreement (Former Owner)',
  description:
    "The investor pays the former owner for a quitclaim deed after a tax-deed sale, to clear title. States the owner's right to claim surplus funds, which the agreement does not take.",
  templateType: 'agreement',
  industryType: sector,
  isDefault: true,
  content: doc(
    h(1, 'Quitclaim Deed Purchase Agreement'),
    p(
      'This Agreement is made on ',
      field('date.today'),
      ' between ',
      b('Former Owner'),
      ': ',
      ...owner,
      ', of ',
      field('client.address'),
      ', and ',
      b('Purchaser'),
      ': ',
      ...investor,
      '.',
    ),
    h(2, '1. Background'),
    p(
      `The property at ${blank(40)}, parcel number ${blank(20)}, in ${blank(16)} County ("the Property"), was sold for unpaid property taxes on ${blank(12)}, and a tax deed was issued to the Purchaser. The Former Owner may still hold an interest in the Property that clouds its title.`,
    ),
    h(2, '2. Quitclaim deed'),
    p(
      'The Former Owner will sign, before a notary, a quitclaim deed to the Property in favour of the Purchaser, prepared by the Purchaser at its own cost, releasing any interest the Former Owner may have in the Property.',
    ),
    h(2, '3. Payment'),
    facts([
      ['Amount paid to the Former Owner', field('deal.value')],
      ['When', 'Within five (5) business days after the signed and notarized deed is delivered'],
      ['How', `Check / bank transfer / title company: ${blank(16)}`],
    ]),
    h(2, '4. Surplus funds are not part of this Agreement'),
    p(
      b('The Former Owner keeps every right to any surplus funds from the tax-deed sale. '),
      'If the sale brought in more than the taxes and costs owed, the excess may be held by the clerk or the county for the Former Owner, who can claim it directly, without giving anyone a share of it. Nothing in this Agreement or the quitclaim deed assigns, waives or reduces that right.',
    ),
    h(2, '5. Other terms'),
    numbered(
      'The Former Owner states that he or she has not transferred or mortgaged any interest in the Property since the tax deed was issued, except as written here: ' +
        blank(24) +
        '.',
      'The Purchaser pays all recording fees and the cost of preparing the deed.',
      'Each party may consult an attorney of its choice before signing. This Agreement is the whole agreement and may be changed only in writing.',
    ),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Former Owner signature',
      dateAnchor: 'Date signed by Former Owner',
      name: owner,
    }),
    signatureBlock({
      signatureAnchor: 'Purchaser signature',
      dateAnchor: 'Date signed by Purchaser',
      name: [field('user.fullName')],
      details: [['For ', ...investor]],
    }),
    pageBreak(),
    notaryBlock(owner),
  ),
  fields: [
    ...signatureFields('Former Owner signature', 'Date signed by Former Owner', 'client'),
    ...signatureFields('Purchaser signature', 'Date signed by Purchaser', 'sender'),
  ],
};

const formerOwnerLetter: LibraryTemplate = {
  key: 'tax-deed-letter-to-former-owner',
  name: 'Letter to a Former Owner after a Tax-Deed Sale',
  description:
    'Tells the former owner that the property was sold for taxes, offers payment for a quitclaim deed, and points out their right to any surplus.',
  templateType: 'letter',
  industryType: sector,
  content: doc(
    lines(field('organization.name'), field('organization.phone'), field('user.email')),
    p(field('date.today')),
    lines(...owner, field('client.address')),
    p('Dear ', field('client.firstName'), ','),
    p(
      `County records show that the property at ${blank(36)} was sold at a tax-deed sale for unpaid property taxes, and that `,
      ...investor,
      ' is now the owner of record.',
    ),
    p(
      'To complete the title, we are offering you ',
      field('deal.value'),
      ' in exchange for a quitclaim deed releasing any interest you may still have in the property. We prepare the deed and pay the recording costs; you only sign it before a notary, which we can arrange at a time and place convenient for you.',
    ),
    p(
      b('Please note: '),
      'if the tax sale brought in more than was owed, you may be entitled to surplus funds held by the clerk or the county. You can claim them yourself, directly, without giving anyone a share of them. Our offer does not include or affect those funds.',
    ),
    bullets(
      'You are under no obligation to accept this offer.',
      `The offer stands for ${blank(4)} days from the date of this letter.`,
      'You are welcome to have an attorney review the deed and our agreement before you sign.',
    ),
    p('To accept or ask a question, please call me at ', field('user.phone'), '.'),
    p('Sincerely,'),
    ...signatureLine('Sender signature'),
    lines(field('user.fullName'), field('organization.name')),
  ),
  fields: [
    {
      fieldName: 'Sender signature',
      fieldType: 'signature',
      signer: 'sender',
      textAnchor: 'Sender signature',
      height: 40,
    },
  ],
};

export const taxDeedTemplates: LibraryTemplate[] = [quitclaimAgreement, formerOwnerLetter];
