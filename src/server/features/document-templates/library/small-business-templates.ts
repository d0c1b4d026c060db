import {
  b,
  blank,
  bullets,
  doc,
  facts,
  field,
  h,
  numbered,
  p,
  signatureBlock,
  signatureFields,
  table,
} from './build-document';
import type { LibraryTemplate } from './library-template';

/* A small business's general service agreement with a client, priced from the deal. */

const sector = 'Small Business' as const;
const provider = [field('organization.name')];
const customer = [field('client.fullName')];

const serviceAgreement: LibraryTemplate = {
  key: 'small-business-service-agreement',
  name: 'Service Agreement',
  description:
    'A general agreement for services: scope, fees and payment, term and termination, confidentiality, ownership of work, limits of liability, and signatures.',
  templateType: 'agreement',
  industryType: sector,
  isDefault: true,
  content: doc(
    h(1, 'Service Agreement'),
    p(
      'This Agreement is made on ',
      field('date.today'),
      ' between ',
      b('Provider'),
      ': ',
      ...provider,
      ', and ',
      b('Client'),
      ': ',
      ...customer,
      ', of ',
      field('client.address'),
      '.',
    ),
    h(2, '1. Services'),
    p('The Provider will perform the following services ("the Services") for the Client:'),
    table(
      ['Service or deliverable', 'Due by'],
      [
        [blank(40), blank(12)],
        [blank(40), blank(12)],
        [blank(40), blank(12)],
      ],
    ),
    p(
      'Work outside this list is agreed in writing (an e-mail is enough) before it starts, with its price and timing.',
    ),
    h(2, '2. Fees and payment'),
    facts([
      ['Total fee for the Services', field('deal.value')],
      ['Deposit', `${blank(4)}% on signing, not refundable once work has started`],
      ['Balance', 'Invoiced on completion (or monthly for ongoing work), payable within 15 days'],
      ['Expenses', 'Only those the Client approves in advance, at cost'],
      ['Late payment', 'Work may be paused after 15 days past due; interest at the lawful rate'],
    ]),
    h(2, '3. Term and termination'),
    p(
      'This Agreement starts on the date above and ends when the Services are completed and paid for, or on ',
      field('deal.expectedCloseDate'),
      ' if that is later. Either party may end it with fourteen (14) days’ written notice, or at once if the other party seriously breaches it and does not fix the breach within seven (7) days of notice. The Client pays for work done up to the end.',
    ),
    h(2, '4. Each party’s commitments'),
    bullets(
      'The Provider performs the Services with reasonable skill and care, by qualified people, in line with applicable law.',
      'The Client provides the information, access and decisions the Provider needs, on time. Delays caused by missing input move the due dates accordingly.',
      'Both parties keep confidential the other’s non-public business information and use it only for this Agreement, during it and for two years after.',
    ),
    h(2, '5. Ownership of the work'),
    p(
      'Once paid in full, the Client owns the deliverables made specifically for it. The Provider keeps its pre-existing tools, methods and know-how, and grants the Client a licence to use those that are part of the deliverables. The Provider may mention the Client as a customer unless the Client objects in writing.',
    ),
    h(2, '6. Liability'),
    numbered(
      'Neither party is liable for indirect or consequential losses, such as lost profits or data.',
      'The Provider’s total liability under this Agreement is limited to the fees paid under it in the twelve (12) months before the claim, except for losses caused by fraud or gross negligence.',
      'Neither party is responsible for delays caused by events beyond its reasonable control.',
    ),
    h(2, '7. General'),
    p(
      `This Agreement is governed by the law of the State of ${blank(16)}. It is the whole agreement between the parties, may be changed only in writing signed by both, and may be signed electronically. Notices go to the addresses or e-mail addresses of the parties.`,
    ),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Client signature',
      dateAnchor: 'Date signed by Client',
      name: customer,
    }),
    signatureBlock({
      signatureAnchor: 'Provider signature',
      dateAnchor: 'Date signed by Provider',
      name: [field('user.fullName')],
      details: [['For ', ...provider]],
    }),
  ),
  fields: [
    ...signatureFields('Client signature', 'Date signed by Client', 'client'),
    ...signatureFields('Provider signature', 'Date signed by Provider', 'sender'),
  ],
};

export const smallBusinessTemplates: LibraryTemplate[] = [serviceAgreement];
