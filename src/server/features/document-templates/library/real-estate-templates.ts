import {
  b,
  blank,
  bullets,
  doc,
  facts,
  field,
  h,
  lines,
  numbered,
  p,
  signatureBlock,
  signatureFields,
  signatureLine,
} from './build-document';
import type { LibraryTemplate } from './library-template';

/*
 * A real-estate investor's offer paperwork. Only standard merge keys: a new investor organization
 * has no property custom fields, so the property is written in by hand (or via a field the
 * organization adds and inserts itself).
 */

const sector = 'Real Estate Investor' as const;
const seller = [field('client.fullName')];
const buyer = [field('organization.name')];

const purchaseAgreement: LibraryTemplate = {
  key: 'real-estate-purchase-agreement',
  name: 'Residential Purchase and Sale Agreement (As-Is, Cash)',
  description:
    "A cash purchase of a house as-is: price, earnest money, inspection period, title, closing date, the buyer's right to assign, and signatures.",
  templateType: 'agreement',
  industryType: sector,
  isDefault: true,
  content: doc(
    h(1, 'Residential Purchase and Sale Agreement'),
    p(
      'This Agreement is made on ',
      field('date.today'),
      ' between ',
      b('Seller'),
      ': ',
      ...seller,
      ', of ',
      field('client.address'),
      ', and ',
      b('Buyer'),
      ': ',
      ...buyer,
      ', and/or its assigns.',
    ),
    h(2, '1. Property'),
    p(
      `The Seller agrees to sell and the Buyer agrees to buy the real property at ${blank(40)}, parcel number ${blank(20)}, with all fixtures and improvements ("the Property").`,
    ),
    h(2, '2. Price and terms'),
    facts([
      ['Purchase price', field('deal.value')],
      ['Earnest money deposit', `$${blank(12)}, held by the title company within three business days`],
      ['Financing', 'None: the Buyer pays cash at closing; this Agreement is not contingent on a loan'],
      ['Closing on or before', field('deal.expectedCloseDate')],
      ['Title company', blank(32)],
    ]),
    h(2, '3. Condition of the Property'),
    p(
      'The Buyer buys the Property in its present "as-is" condition. The Seller makes no repairs, but will disclose every material defect the Seller knows about, as state law requires, and will leave the Property broom-clean and free of personal belongings at closing.',
    ),
    h(2, '4. Inspection period'),
    p(
      `The Buyer has ${blank(4)} days after this Agreement is signed by both parties to inspect the Property. The Seller will give the Buyer and its inspectors, appraisers and contractors reasonable access. If the Buyer is not satisfied for any reason, it may cancel this Agreement by written notice before the period ends, and the earnest money is returned to the Buyer.`,
    ),
    h(2, '5. Title and closing'),
    numbered(
      'The Seller will convey marketable title by general warranty deed (or the deed customary in the state), free of liens except those the Buyer accepts in writing.',
      'Closing costs are paid as is customary in the county where the Property lies, except that the Buyer pays its own title insurance and recording fees.',
      'Property taxes, rents and utilities are prorated to the day of closing.',
      'The Seller delivers possession and all keys at closing unless the parties agree otherwise in writing.',
    ),
    h(2, '6. Assignment'),
    p(
      'The Buyer may assign this Agreement to another buyer without the Seller’s consent. The Seller will be told of any assignment before closing; the terms for the Seller do not change.',
    ),
    h(2, '7. Default'),
    p(
      'If the Buyer fails to close through no fault of the Seller, the Seller keeps the earnest money as its only remedy. If the Seller fails to close, the Buyer may have its earnest money back or ask a court to order the sale.',
    ),
    h(2, '8. Other terms'),
    bullets(
      'Time is of the essence. Notices are given in writing to the addresses or e-mail addresses of the parties.',
      'This Agreement is the whole agreement of the parties, may be changed only in writing, and may be signed electronically and in counterparts.',
      'Each party has had the chance to consult an attorney of its choice before signing.',
    ),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Seller signature',
      dateAnchor: 'Date signed by Seller',
      name: seller,
    }),
    signatureBlock({
      signatureAnchor: 'Buyer signature',
      dateAnchor: 'Date signed by Buyer',
      name: [field('user.fullName')],
      details: [['For ', ...buyer]],
    }),
  ),
  fields: [
    ...signatureFields('Seller signature', 'Date signed by Seller', 'client'),
    ...signatureFields('Buyer signature', 'Date signed by Buyer', 'sender'),
  ],
};

const offerLetter: LibraryTemplate = {
  key: 'real-estate-cash-offer-letter',
  name: 'Cash Offer Letter to a Homeowner',
  description:
    'A short written cash offer to a seller, with what the buyer covers and how long the offer stands.',
  templateType: 'letter',
  industryType: sector,
  content: doc(
    lines(field('organization.name'), field('organization.phone'), field('user.email')),
    p(field('date.today')),
    lines(...seller, field('client.address')),
    p('Dear ', field('client.firstName'), ','),
    p(
      'Thank you for talking with me about your property. As promised, here is our written offer. ',
      ...buyer,
      ' would like to buy it for ',
      b('cash'),
      ', as it is, for:',
    ),
    p(b('Offer price: '), field('deal.value')),
    bullets(
      'No repairs, no cleaning and no showings: we buy the house in its current condition.',
      'No agent commissions. We pay the usual buyer closing costs.',
      [
        'We can close through a title company of your choice on or about ',
        field('deal.expectedCloseDate'),
        ', or on the date that suits you.',
      ],
      'You may leave behind anything you do not want to take.',
    ),
    p(
      `This offer stands for ${blank(4)} days from the date of this letter. It becomes binding only when we both sign a purchase agreement. You are welcome to have an attorney or a real-estate agent review it.`,
    ),
    p('If you have any question, please call me at ', field('user.phone'), '.'),
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

export const realEstateTemplates: LibraryTemplate[] = [purchaseAgreement, offerLetter];
