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
  table,
} from './build-document';
import type { LibraryTemplate } from './library-template';

/*
 * The surplus-funds locator's paperwork: the fee agreement the claimant signs, the limited power of
 * attorney and the partial assignment some counties ask for, the intake sheet, and the first
 * letter to the clerk. Merge keys are the standard ones plus the deal's "Surplus case" fields every
 * locator organization is seeded with (src/server/features/surplus/surplus-fields.ts).
 */

const sector = 'Surplus Funds Locator' as const;

const claimant = [field('client.fullName')];
const locator = [field('organization.name')];

const caseFacts = facts([
  ['Property address', field('deal.propertyAddress')],
  ['County and state', [field('deal.county'), ' County, ', field('deal.state')]],
  ['Case number', field('deal.caseNumber')],
  ['Parcel number', field('deal.parcelNumber')],
  ['Type of sale', field('deal.saleType')],
  ['Date of sale', field('deal.saleDate')],
  ['Estimated surplus', field('deal.surplusAmount')],
]);

const feeAgreement: LibraryTemplate = {
  key: 'surplus-recovery-fee-agreement',
  name: 'Surplus Recovery Fee Agreement',
  description:
    "The claimant's agreement to a contingent recovery fee: the case, the fee percentage, the right to claim directly for free, a three-business-day cancellation right, and signatures.",
  templateType: 'agreement',
  industryType: sector,
  isDefault: true,
  content: doc(
    h(1, 'Surplus Funds Recovery Fee Agreement'),
    p(
      'This Agreement is made on ',
      field('date.today'),
      ' between ',
      b('Claimant'),
      ': ',
      ...claimant,
      ', of ',
      field('client.address'),
      ', and ',
      b('Locator'),
      ': ',
      ...locator,
      ', represented by ',
      field('user.fullName'),
      '.',
    ),
    h(2, '1. The funds'),
    p(
      'The property described below was sold at a public sale. The sale brought in more than was owed against the property, and the excess ("the Surplus Funds") is held by the clerk of court, the county or another public official for the persons entitled to it. The Claimant believes he or she is entitled to all or part of the Surplus Funds as a former owner, lienholder or heir.',
    ),
    caseFacts,
    p(
      'The amount shown is an estimate from public records. The amount actually paid is decided by the clerk or the court and may be lower, for example because of liens, fees or competing claims.',
    ),
    h(2, '2. Your right to claim the funds yourself'),
    p(
      b('Please read this before signing. '),
      'You do not need to hire anyone to claim surplus funds. You may file a claim directly with the clerk of court or the court in ',
      field('deal.county'),
      ' County yourself, without paying anyone a percentage of the funds (the clerk or court may charge its usual filing or copy costs). You may also hire an attorney of your choice. You are signing this Agreement because you want the Locator to do the research, paperwork and follow-up for you.',
    ),
    p('The Claimant confirms having read this section by initialling here. ', b('Claimant initials:')),
    p(),
    h(2, '3. What the Locator will do'),
    bullets(
      'Research the sale records and confirm the amount held and the claim deadline.',
      "Gather the documents that prove the Claimant's entitlement (identification, deeds, probate or heirship papers where needed).",
      'Prepare the claim, motion or petition the county or court requires, and file it on time.',
      'Follow the claim with the clerk and the court and keep the Claimant informed at each step.',
      'Where the court requires an attorney, arrange one at the Locator’s own cost.',
    ),
    h(2, '4. The fee'),
    p(
      'The Claimant will pay the Locator a fee of ',
      field('deal.locatorFeePercent'),
      '% of the Surplus Funds actually paid to or for the Claimant (on the estimate above, about ',
      field('deal.expectedFee'),
      '). The fee is contingent: ',
      b('if no funds are recovered, the Claimant owes nothing'),
      ', and the Locator bears every cost of the work, including filing fees, document fees and attorney fees it arranges.',
    ),
    p(
      'If the law of the state where the funds are held limits the fee a locator may charge, or requires a court to approve it, the fee is reduced to the lawful limit or the amount the court approves. Nothing in this Agreement entitles the Locator to more than the law allows.',
    ),
    h(2, '5. Payment'),
    p(
      'Where the clerk or court allows it, the funds will be disbursed so that the fee is paid to the Locator and the balance to the Claimant. If the full amount is paid to the Claimant, the Claimant will pay the fee within ten (10) days of receiving the funds. The Locator will give the Claimant a written statement showing the amount recovered, the fee and the balance.',
    ),
    h(2, '6. Right to cancel'),
    p(
      b(
        'The Claimant may cancel this Agreement without any penalty or obligation within three (3) business days after signing it',
      ),
      ', by delivering or mailing a signed and dated notice of cancellation to the Locator at its business address or at the e-mail address in the Contact section below. After that, either party may end this Agreement by written notice; if the Claimant ends it after the Locator has filed a claim and the funds are later paid on that claim, the fee of section 4 remains due.',
    ),
    h(2, '7. Other terms'),
    numbered(
      'The Locator does not guarantee that any funds will be recovered, or their amount or timing.',
      'The Locator is not a law firm and does not give legal advice. The Claimant may consult an attorney of his or her choice at any time.',
      'The Claimant will answer the Locator’s questions truthfully, provide the documents needed, and tell the Locator about any other agreement made regarding these funds.',
      'The Locator will keep the Claimant’s personal information confidential and use it only to pursue this claim.',
      [
        'This Agreement is governed by the law of the state where the funds are held (',
        field('deal.state'),
        '). It is the whole agreement between the parties and may be changed only in writing signed by both.',
      ],
    ),
    h(2, 'Contact'),
    lines([...locator, ' · ', field('user.fullName')], [field('user.email'), ' · ', field('user.phone')]),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Claimant signature',
      dateAnchor: 'Date signed by Claimant',
      name: claimant,
    }),
    signatureBlock({
      signatureAnchor: 'Locator signature',
      dateAnchor: 'Date signed by Locator',
      name: [field('user.fullName')],
      details: [['For ', ...locator]],
    }),
    pageBreak(),
    h(2, 'Notice of cancellation'),
    p(
      'You may cancel this Agreement, without any penalty or obligation, within three (3) business days from the date you signed it. To cancel, sign and date this notice and deliver or mail it to ',
      ...locator,
      ', or send it by e-mail to ',
      field('user.email'),
      ', no later than midnight of the third business day after you signed.',
    ),
    p('I hereby cancel the Surplus Funds Recovery Fee Agreement for case ', field('deal.caseNumber'), '.'),
    lines(`Claimant's signature: ${blank(30)}`, `Date: ${blank(16)}`),
  ),
  fields: [
    {
      fieldName: 'Claimant initials',
      fieldType: 'initials',
      signer: 'client',
      textAnchor: 'Claimant initials',
      width: 60,
      height: 24,
    },
    ...signatureFields('Claimant signature', 'Date signed by Claimant', 'client'),
    ...signatureFields('Locator signature', 'Date signed by Locator', 'sender'),
  ],
};

const powerOfAttorney: LibraryTemplate = {
  key: 'surplus-limited-power-of-attorney',
  name: 'Limited Power of Attorney (Surplus Claim)',
  description:
    'Lets the locator deal with the clerk and the court for one surplus claim only; it never allows the agent to cash or sign checks. With a notary acknowledgment.',
  templateType: 'power of attorney',
  industryType: sector,
  content: doc(
    h(1, 'Limited Power of Attorney'),
    h(3, 'For the recovery of surplus funds only'),
    p(
      'I, ',
      ...claimant,
      ', of ',
      field('client.address'),
      ' ("Principal"), appoint ',
      ...locator,
      ', acting through its representative ',
      field('user.fullName'),
      ' ("Agent"), as my attorney-in-fact for the limited purposes stated below and for no other purpose.',
    ),
    h(2, 'The claim this power covers'),
    caseFacts,
    h(2, 'What the Agent may do'),
    bullets(
      'Request and receive from the clerk of court, the tax collector, the county and the court any record about the sale and the surplus funds, including the amount held and any claims filed by others.',
      'Speak and correspond with those offices on my behalf about the claim.',
      'Prepare, sign as my agent where the office allows it, and file the claim forms, affidavits and supporting documents needed to claim the surplus funds for me.',
      'Receive notices about the claim, including hearing notices, and tell me about them promptly.',
      'Obtain certified copies of deeds, death certificates and court records needed to prove my entitlement.',
    ),
    h(2, 'What the Agent may not do'),
    bullets(
      [
        b('The Agent may not endorse, cash or deposit any check'),
        ' or receive any payment of the surplus funds in my name. Funds are to be paid as the clerk or the court orders, to me or as I direct in writing.',
      ],
      'The Agent may not sell, assign, release or settle my claim, or any other property or right of mine.',
      'The Agent may not appear for me as a lawyer. If the court requires an attorney, one will be engaged with my written consent.',
    ),
    h(2, 'Duration and revocation'),
    p(
      'This power of attorney takes effect when I sign it and ends when the surplus funds for the case above have been paid out, or twelve (12) months after the date I sign it, whichever comes first. I may revoke it at any time by written notice to the Agent; a revocation is effective for an office once that office receives a copy. Third parties may rely on a copy of this document as they would on the original.',
    ),
    p(
      'I understand that I may claim the surplus funds myself, directly with the clerk or the court, without an agent and without giving anyone a share of the funds.',
    ),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Principal signature',
      dateAnchor: 'Date signed by Principal',
      name: claimant,
    }),
    p(
      'Accepted by the Agent, who agrees to act only within the limits above and in the Principal’s best interest:',
    ),
    signatureBlock({
      signatureAnchor: 'Agent signature',
      dateAnchor: 'Date signed by Agent',
      name: [field('user.fullName')],
      details: [['For ', ...locator]],
    }),
    pageBreak(),
    notaryBlock(claimant),
  ),
  fields: [
    ...signatureFields('Principal signature', 'Date signed by Principal', 'client'),
    ...signatureFields('Agent signature', 'Date signed by Agent', 'sender'),
  ],
};

const assignment: LibraryTemplate = {
  key: 'surplus-assignment-of-rights',
  name: 'Assignment of Surplus Rights (Partial)',
  description:
    "Assigns the locator its fee share of the claimant's right to the surplus, for counties that pay the fee directly to an assignee. Notarized.",
  templateType: 'assignment',
  industryType: sector,
  content: doc(
    h(1, 'Partial Assignment of Rights to Surplus Funds'),
    p(
      'This Assignment is made on ',
      field('date.today'),
      ' by ',
      ...claimant,
      ', of ',
      field('client.address'),
      ' ("Assignor"), in favour of ',
      ...locator,
      ' ("Assignee").',
    ),
    h(2, 'Background'),
    p(
      'The Assignor claims the surplus funds from the public sale described below. The Assignor and the Assignee have signed a Surplus Funds Recovery Fee Agreement under which the Assignee is to receive a fee of ',
      field('deal.locatorFeePercent'),
      '% of the funds recovered. This Assignment lets the clerk or the court pay that fee directly to the Assignee.',
    ),
    caseFacts,
    h(2, 'Assignment'),
    numbered(
      [
        'For the services described in the fee agreement, the Assignor assigns to the Assignee an undivided ',
        field('deal.locatorFeePercent'),
        '% interest in the surplus funds paid on the case above, and no more. All the rest of the funds remain the Assignor’s.',
      ],
      'The Assignor asks the clerk of court and the court to pay the assigned share directly to the Assignee and the balance to the Assignor.',
      'If the law of the state where the funds are held limits or forbids such an assignment, or requires a court to approve it, this Assignment applies only to the extent the law allows or the court approves, and the fee agreement governs what remains.',
      'If no funds are paid, this Assignment has no effect and the Assignor owes nothing.',
    ),
    h(2, 'Statements by the Assignor'),
    bullets(
      'I am the former owner of the property, or an heir or lienholder entitled to the funds, and I have the right to make this Assignment.',
      'I have not sold, assigned or pledged my right to these funds to anyone else, and I will not do so while this Assignment is in effect.',
      'I was told that I could claim the funds myself, directly and without giving anyone a share of the funds, before I signed.',
    ),
    h(2, 'Signatures'),
    signatureBlock({
      signatureAnchor: 'Assignor signature',
      dateAnchor: 'Date signed by Assignor',
      name: claimant,
    }),
    signatureBlock({
      signatureAnchor: 'Assignee signature',
      dateAnchor: 'Date signed by Assignee',
      name: [field('user.fullName')],
      details: [['For ', ...locator]],
    }),
    pageBreak(),
    notaryBlock(claimant),
  ),
  fields: [
    ...signatureFields('Assignor signature', 'Date signed by Assignor', 'client'),
    ...signatureFields('Assignee signature', 'Date signed by Assignee', 'sender'),
  ],
};

const informationSheet: LibraryTemplate = {
  key: 'surplus-claimant-information-sheet',
  name: 'Claimant Information Sheet',
  description:
    "Intake form: the claimant's contact and identity details, how they are related to the owner, other possible heirs, and the documents to gather.",
  templateType: 'information sheet',
  industryType: sector,
  content: doc(
    h(1, 'Claimant Information Sheet'),
    p(
      'Please check the details we already have, correct anything that is wrong, and fill in the blanks. ',
      'We use this information only to prepare your claim for case ',
      field('deal.caseNumber'),
      ' in ',
      field('deal.county'),
      ' County.',
    ),
    p(
      'Your contact at ',
      ...locator,
      ': ',
      field('user.fullName'),
      ' · ',
      field('user.phone'),
      ' · ',
      field('user.email'),
    ),
    h(2, 'About you'),
    facts([
      ['Full legal name', claimant],
      ['Other names used (maiden, former)', blank()],
      ['Date of birth', blank()],
      ['Last four digits of SSN', blank(8)],
      ['Current mailing address', field('client.address')],
      ['Address at the time of the sale (if different)', blank()],
      ['Phone', field('client.phone')],
      ['E-mail', field('client.email')],
      ['Best time to reach you', blank()],
    ]),
    h(2, 'About the property and the sale'),
    caseFacts,
    h(2, 'How you are connected to the property'),
    bullets(
      `I was an owner named on the deed.   Yes / No`,
      `I am the heir of an owner who has died.   Yes / No   (name of the owner: ${blank(24)})`,
      `I held a mortgage, judgment or lien on the property.   Yes / No`,
      `An estate (probate) was opened.   Yes / No   (court and case number: ${blank(24)})`,
      'I have signed an agreement with someone else about these funds.   Yes / No',
    ),
    h(3, 'Other owners or heirs'),
    p('List everyone else who owned the property with you or who may also be an heir.'),
    table(
      ['Name', 'Relationship', 'Living?', 'Phone or address'],
      [
        [blank(14), blank(12), blank(6), blank(18)],
        [blank(14), blank(12), blank(6), blank(18)],
        [blank(14), blank(12), blank(6), blank(18)],
      ],
    ),
    h(2, 'Documents to send us'),
    bullets(
      'A clear copy of a current government-issued photo ID (front and back).',
      'Proof of your current address: a recent utility bill, bank statement or lease.',
      'If your name has changed: the marriage certificate, divorce decree or court order.',
      'If you claim as an heir: the death certificate, the will (if any), and letters of administration or an affidavit of heirship.',
      'Any letters you received from the county, the clerk or the court about the sale.',
    ),
    h(2, 'Your declaration'),
    p(
      'I confirm that the information on this sheet is true and complete to the best of my knowledge, and I authorize ',
      ...locator,
      ' to use it to prepare and file my claim.',
    ),
    signatureBlock({
      signatureAnchor: 'Claimant signature',
      dateAnchor: 'Date signed by Claimant',
      name: claimant,
    }),
  ),
  fields: signatureFields('Claimant signature', 'Date signed by Claimant', 'client'),
};

const clerkLetter: LibraryTemplate = {
  key: 'surplus-letter-to-clerk',
  name: 'Letter to the Clerk of Court: Surplus Funds Status',
  description:
    'Asks the clerk whether surplus funds from a sale are on deposit, how much, the claims already filed, the deadline and the claim procedure.',
  templateType: 'letter',
  industryType: sector,
  content: doc(
    lines(field('organization.name'), field('organization.phone'), field('user.email')),
    p(field('date.today')),
    lines(
      'Clerk of Court / Clerk of the Circuit Court',
      ['Surplus Funds (Excess Proceeds) Department, ', field('deal.county'), ' County'],
      field('deal.state'),
    ),
    p(
      b('Re: '),
      'Surplus funds from the sale in case ',
      field('deal.caseNumber'),
      ', parcel ',
      field('deal.parcelNumber'),
      ', property at ',
      field('deal.propertyAddress'),
      ', sold on ',
      field('deal.saleDate'),
      '.',
    ),
    p('Dear Clerk:'),
    p(
      'We are writing on behalf of ',
      ...claimant,
      ', a former owner of the property above, to ask about the surplus funds (excess proceeds) from its sale. The signed authorization of our client is enclosed. Could you please tell us:',
    ),
    numbered(
      'Whether surplus funds from this sale are on deposit with your office, and the amount currently held.',
      'Whether any claim, motion or petition for the funds has already been filed, and by whom.',
      'The deadline for filing a claim, and whether the funds have been or will be transferred to the state.',
      'The forms, supporting documents and any fees your office requires for a claim, and whether a hearing is needed.',
      'Whether your office will pay part of the funds directly to an assignee or agent named in a recorded assignment.',
    ),
    p(
      'Our records show an estimated surplus of ',
      field('deal.surplusAmount'),
      '. If a copy of the sale’s disbursement record or a certificate of surplus is available, please send it to the address above or to ',
      field('user.email'),
      '. We will pay any copy fee on receipt of your invoice.',
    ),
    p('Thank you for your help. If you have any question, please call me at ', field('user.phone'), '.'),
    p('Sincerely,'),
    ...signatureLine('Requester signature'),
    lines(field('user.fullName'), field('organization.name')),
    p(b('Enclosure: '), 'Limited power of attorney signed by ', ...claimant),
  ),
  fields: [
    {
      fieldName: 'Requester signature',
      fieldType: 'signature',
      signer: 'sender',
      textAnchor: 'Requester signature',
      height: 40,
    },
  ],
};

export const surplusFundsTemplates: LibraryTemplate[] = [
  feeAgreement,
  powerOfAttorney,
  assignment,
  informationSheet,
  clerkLetter,
];
