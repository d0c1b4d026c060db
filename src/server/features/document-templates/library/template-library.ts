import type { DocumentJson } from '../../../../common/documents/document-content';
import type { LibraryTemplate } from './library-template';

/*
 * PLACEHOLDER until the library helper's file lands (theirs replaces this one at merge): one real
 * template, so installing and seeding can be built and tested.
 */

const text = (value: string): DocumentJson => ({ type: 'text', text: value });
const field = (key: string): DocumentJson => ({ type: 'mergeField', attrs: { key, label: null } });
const paragraph = (...content: DocumentJson[]): DocumentJson => ({ type: 'paragraph', content });
const heading = (level: number, value: string): DocumentJson => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});

export const documentTemplateLibrary: LibraryTemplate[] = [
  {
    key: 'surplus-fee-agreement',
    industryType: 'Surplus Funds Locator',
    name: 'Surplus recovery fee agreement',
    description:
      'Agreement between the claimant and your company for recovering surplus funds, with the fee as a percentage of the funds recovered.',
    templateType: 'agreement',
    isDefault: true,
    content: {
      type: 'doc',
      content: [
        heading(1, 'Surplus Funds Recovery Fee Agreement'),
        paragraph(
          text('Sample — have your attorney review this agreement for your state before you use it.'),
        ),
        paragraph(
          text('This agreement is made on '),
          field('date.today'),
          text(' between '),
          field('client.fullName'),
          text(' of '),
          field('client.address'),
          text(' ("Claimant") and '),
          field('organization.name'),
          text(' ("Company").'),
        ),
        heading(2, '1. The funds'),
        paragraph(
          text('The property at '),
          field('deal.propertyAddress'),
          text(' in '),
          field('deal.county'),
          text(' County was sold at a public sale in case '),
          field('deal.caseNumber'),
          text('. Public records show surplus funds of about '),
          field('deal.surplusAmount'),
          text(' held for the former owner.'),
        ),
        heading(2, '2. What the Company does'),
        paragraph(
          text(
            'The Company researches the claim, prepares the claim forms and supporting documents, files them with the clerk or court, and follows the claim until it is paid or denied. The Company pays every cost of doing so.',
          ),
        ),
        heading(2, '3. Fee'),
        paragraph(
          text('The Claimant pays the Company '),
          field('deal.locatorFeePercent'),
          text(
            ' percent of the funds actually paid to the Claimant, and only if they are paid. If nothing is recovered, the Claimant owes nothing. The fee never exceeds the cap the law of the state sets.',
          ),
        ),
        heading(2, '4. Cancellation'),
        paragraph(
          text(
            'The Claimant may cancel this agreement in writing within three business days of signing it, without any charge.',
          ),
        ),
        paragraph(text('Claimant signature:')),
        paragraph(text('Company signature:')),
      ],
    },
    fields: [
      {
        fieldName: 'Claimant signature',
        fieldType: 'signature',
        textAnchor: 'Claimant signature:',
        signer: 'client',
      },
      {
        fieldName: 'Company signature',
        fieldType: 'signature',
        textAnchor: 'Company signature:',
        signer: 'sender',
      },
    ],
  },
];
