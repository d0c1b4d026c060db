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
} from './build-document';
import type { LibraryTemplate } from './library-template';

/*
 * A wholesaler's two documents: the assignment of its purchase contract to an end buyer (the
 * document's client) for a fee (the deal's value), and a non-binding letter of intent to a seller.
 * Only standard merge keys: a new wholesaler organization has no property custom fields.
 */

const sector = 'Wholesaler' as const;
const wholesaler = [field('organization.name')];

const assignmentOfContract: LibraryTemplate = {
  key: 'wholesale-assignment-of-contract',
  name: 'Wholesale Assignment of Contract',
  description:
    "Assigns the wholesaler's purchase contract to an end buyer for an assignment fee: deposit, assumption of the contract, closing date, and signatures.",
  templateType: 'assignment',
  industryType: sector,
  isDefault: true,
  content: doc(
    h(1, 'Assignment of Real Estate Purchase Contract'),
    p(
      'This Assignment is made on ',
      field('date.today'),
      ' between ',
      b('Assignor'),
      ': ',
      ...wholesaler,
      ', and ',
      b('Assignee'),
      ': ',
      field('client.fullName'),
      ', of ',
      field('client.address'),
      '.',
    ),
    h(2, '1. The contract assigned'),
    p(
      `On ${blank(12)} the Assignor, as buyer, signed a purchase and sale agreement ("the Contract") with ${blank(28)}, as seller ("the Seller"), for the property at ${blank(40)} ("the Property"), at a purchase price of $${blank(12)}. A copy of the Contract is attached; the Assignee confirms having read it.`,
    ),
    h(2, '2. Assignment'),
    p(
      'The Assignor assigns to the Assignee all of its rights, title and interest as buyer under the Contract. The Assignee accepts the assignment and agrees to perform every obligation of the buyer under the Contract, including paying the purchase price to the Seller and closing on time.',
    ),
    h(2, '3. Assignment fee'),
    facts([
      ['Assignment fee', field('deal.value')],
      ['Non-refundable deposit', `$${blank(12)}, paid to the title company within two business days`],
      ['Balance of the fee', 'Paid to the Assignor at closing, on the settlement statement'],
      ['Closing on or before', field('deal.expectedCloseDate')],
      ['Title company', blank(32)],
    ]),
    p(
      'The deposit is credited against the fee at closing. If the Assignee fails to close through no fault of the Assignor or the Seller, the deposit is kept by the Assignor. If the sale cannot close because of the Seller or because title cannot be cleared, the deposit is returned to the Assignee.',
    ),
    h(2, '4. Statements and disclosures'),
    bullets(
      'The Assignor states that the Contract is in effect, that it has not assigned the Contract to anyone else, and that it is not in default under it.',
      'The Assignee has inspected the Property, or has had the chance to, and takes it in the condition the Contract provides. The Assignor makes no promise about the Property’s condition, value or rents.',
      'The Assignee understands that the Assignor is buying under the Contract in order to assign it, and that the fee above is the Assignor’s profit. The Seller may be told of this Assignment and of the fee where the law requires it.',
    ),
    h(2, '5. Other terms'),
    numbered(
      'The Assignee will hold the Assignor harmless from any claim arising from the Assignee’s performance of the Contract after this Assignment.',
      'This Assignment is governed by the law of the state where the Property lies, is the whole agreement of the parties, and may be signed electronically and in counterparts.',
      'Each party has had the chance to consult an attorney of its choice before signing.',
    ),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Assignor signature',
      dateAnchor: 'Date signed by Assignor',
      name: [field('user.fullName')],
      details: [['For ', ...wholesaler]],
    }),
    signatureBlock({
      signatureAnchor: 'Assignee signature',
      dateAnchor: 'Date signed by Assignee',
      name: [field('client.fullName')],
    }),
  ),
  fields: [
    ...signatureFields('Assignor signature', 'Date signed by Assignor', 'sender'),
    ...signatureFields('Assignee signature', 'Date signed by Assignee', 'client'),
  ],
};

const letterOfIntent: LibraryTemplate = {
  key: 'wholesale-letter-of-intent',
  name: 'Letter of Intent to Purchase',
  description:
    'A non-binding letter of intent to a seller: price, earnest money, inspection period, closing, and the right to assign.',
  templateType: 'letter of intent',
  industryType: sector,
  content: doc(
    lines(field('organization.name'), field('organization.phone'), field('user.email')),
    p(field('date.today')),
    lines(field('client.fullName'), field('client.address')),
    h(1, 'Letter of Intent to Purchase'),
    p(
      'Dear ',
      field('client.firstName'),
      ', this letter sets out the main terms on which ',
      ...wholesaler,
      ` ("Buyer") proposes to buy the property at ${blank(40)} ("the Property") from you ("Seller").`,
    ),
    facts([
      ['Purchase price', field('deal.value')],
      [
        'Earnest money',
        `$${blank(12)}, deposited with the title company when the purchase agreement is signed`,
      ],
      ['Inspection period', `${blank(4)} days after the purchase agreement is signed`],
      ['Closing', ['On or before ', field('deal.expectedCloseDate'), ', through a title company']],
      ['Condition', 'As-is; no repairs by the Seller'],
      ['Closing costs', 'Each party pays the costs customary in the county'],
      ['Assignment', 'The Buyer may assign the purchase agreement to another buyer'],
    ]),
    h(2, 'Not binding'),
    p(
      b('This letter is an expression of intent only. '),
      'Neither party is bound to buy or sell until a written purchase agreement is signed by both. Either party may end negotiations at any time before then without liability. The Seller is free to consult an attorney or a real-estate agent.',
    ),
    p(
      `If these terms suit you, please sign below and return a copy by ${blank(12)}; we will then send you the purchase agreement. Questions: `,
      field('user.fullName'),
      ', ',
      field('user.phone'),
      '.',
    ),
    signatureBlock({
      signatureAnchor: 'Buyer signature',
      dateAnchor: 'Date signed by Buyer',
      name: [field('user.fullName')],
      details: [['For ', ...wholesaler]],
    }),
    p('Acknowledged, as a basis for negotiation only:'),
    signatureBlock({
      signatureAnchor: 'Seller signature',
      dateAnchor: 'Date signed by Seller',
      name: [field('client.fullName')],
    }),
  ),
  fields: [
    ...signatureFields('Buyer signature', 'Date signed by Buyer', 'sender'),
    ...signatureFields('Seller signature', 'Date signed by Seller', 'client'),
  ],
};

export const wholesaleTemplates: LibraryTemplate[] = [assignmentOfContract, letterOfIntent];
