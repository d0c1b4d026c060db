/**
 * The guided tours' steps (product spec §2 "Welcome dialog and guided tours"; what each lists is in
 * tour-catalog.ts). Targets are stable
 * `[data-tour="<area>"]` selectors: the client puts `data-tour="<area>"` on each named area.
 */
import { findTourSummary } from './tour-catalog';
import type { Tour, TourSummary } from './types';

function summaryOf(id: string): TourSummary {
  const summary = findTourSummary(id);
  if (!summary) throw new Error(`tour ${id} is not in the catalog`);
  return summary;
}

/** The named areas a tour step can highlight; the client marks each with `data-tour="<area>"`. */
export const tourTargetAreas = [
  'dashboard-header',
  'main-navigation',
  'deals-section',
  'add-deal-button',
  'property-address-field',
  'surplus-amounts-fields',
  'client-selection',
  'pipeline-view',
  'documents-section',
  'clients-table',
  'search-input',
  'help-menu',
  'clients-header',
  'client-filters',
  'client-row',
  'client-notes',
  'documents-header',
  'create-document-button',
  'document-editor',
  'signature-tools',
  'send-document-button',
  'document-status',
  'automation-section',
  'analytics-section',
  'integrations-section',
] as const;
export type TourTargetArea = (typeof tourTargetAreas)[number];

/** `[data-tour="<area>"]` */
export function tourTarget(area: TourTargetArea): string {
  return `[data-tour="${area}"]`;
}

/** The target of centred steps (welcome, completion): the whole page. */
export const tourPageTarget = 'body';

/** The routes tours open. */
export const tourPages = ['/', '/deals', '/documents', '/clients'] as const;

const surplusFundsOnboarding: Tour = {
  ...summaryOf('surplus-funds-onboarding'),
  steps: [
    {
      id: 'welcome',
      title: 'Welcome to Locus',
      content:
        'This short tour follows one surplus funds case through Locus: you will add a deal, record the sale and surplus amounts, link the claimant, move the case through your pipeline and send the recovery agreement for e-signature. It takes about 5 minutes; you can pause or leave at any time.',
      target: tourPageTarget,
      position: 'center',
      page: '/',
    },
    {
      id: 'navigation',
      title: 'Find your way around',
      content:
        'The navigation bar takes you to Home, Leads, Clients, Companies, Deals and Settings. Leads are people you have not yet worked with; once a former owner agrees to work with you, they become a client with a deal. Help opens the guides, the FAQ and these tours.',
      target: tourTarget('main-navigation'),
      position: 'bottom',
      page: '/',
    },
    {
      id: 'deals-overview',
      title: 'Every case is a deal',
      content:
        'Each surplus funds case is a deal: one property, one sale, one claimant. The deal holds the amounts, the stage, the documents and the history of every call, letter and e-mail, so anyone on your team can pick it up.',
      target: tourTarget('deals-section'),
      position: 'bottom',
      page: '/deals',
    },
    {
      id: 'add-first-deal',
      title: 'Add your first deal',
      content:
        'Click New deal to open a new case. A name such as "123 Oak St – Smith – case 2024-CA-001234" makes it easy to find later. We will walk through the form together.',
      target: tourTarget('add-deal-button'),
      position: 'bottom',
      page: '/deals',
    },
    {
      id: 'deal-form-property',
      title: 'The property',
      content:
        'Enter the address of the property that was sold, as it appears on the sale record. Add the county, case number and parcel number below it so you can match the deal to court and county records.',
      target: tourTarget('property-address-field'),
      position: 'right',
      page: '/deals',
      action: 'open-deal-form',
    },
    {
      id: 'deal-form-amounts',
      title: 'The surplus amounts',
      content:
        'Record the sale price, the amount owed (judgment or taxes plus costs) and the surplus the court or county is holding, with your fee percentage. Confirm the surplus with the clerk or treasurer before you contact anyone: liens and earlier claims can reduce it.',
      target: tourTarget('surplus-amounts-fields'),
      position: 'right',
      page: '/deals',
    },
    {
      id: 'deal-form-client',
      title: 'The claimant',
      content:
        'Link the person entitled to the funds: the former owner, or an heir when the owner has died. Pick an existing client or create one here. Several owners or heirs can each be a client linked to the case.',
      target: tourTarget('client-selection'),
      position: 'right',
      page: '/deals',
    },
    {
      id: 'deal-pipeline',
      title: 'Your pipeline',
      content:
        'The pipeline shows every case in five columns: Research (confirm the surplus), Contact (reach the claimant), Documents (gather ID and proof of ownership), Signed (agreement signed, claim filed) and Paid. Drag a card between columns to move a case to its next stage.',
      target: tourTarget('pipeline-view'),
      position: 'top',
      page: '/deals',
      action: 'show-pipeline-view',
    },
    {
      id: 'documents-feature',
      title: 'Agreements and e-signature',
      content:
        'Create recovery agreements and claim forms from your templates, filled in with the client and deal details, and send them for e-signature. Each document shows where it stands: sent, viewed, signed, completed.',
      target: tourTarget('documents-section'),
      position: 'bottom',
      page: '/documents',
    },
    {
      id: 'client-management',
      title: 'Your claimants',
      content:
        'Clients holds every claimant with their contact details, notes, documents and the log of each call, letter and e-mail. Open a row to see the whole relationship in one place.',
      target: tourTarget('clients-table'),
      position: 'top',
      page: '/clients',
    },
    {
      id: 'search-feature',
      title: 'Find anything fast',
      content:
        'Search by name, e-mail or phone number. Results update as you type, so a returning call from a claimant takes seconds to match to their case.',
      target: tourTarget('search-input'),
      position: 'bottom',
      page: '/clients',
    },
    {
      id: 'completion',
      title: "You're all set",
      content:
        'You have seen the whole path of a case: deal, amounts, claimant, pipeline, documents and clients. You can restart this or any other tour at any time from the help menu: click Help in the navigation bar and open the Tours tab. The Guides tab explains e-mail setup, finding leads and claim packets in more depth.',
      target: tourPageTarget,
      position: 'center',
      page: '/',
    },
  ],
};

const clientManagement: Tour = {
  ...summaryOf('client-management'),
  steps: [
    {
      id: 'clients-overview',
      title: 'Your clients',
      content:
        'Clients are the people and businesses you work with. Add one here, or convert a lead when they agree to work with you: the lead becomes a client, optionally with a deal.',
      target: tourTarget('clients-header'),
      position: 'bottom',
      page: '/clients',
    },
    {
      id: 'client-filters',
      title: 'Filter the list',
      content:
        'Narrow the list by status, owner or tag to plan your day, for example every client assigned to you who is waiting for a call back.',
      target: tourTarget('client-filters'),
      position: 'bottom',
      page: '/clients',
    },
    {
      id: 'client-details',
      title: 'Open a client',
      content:
        'Click a row to open the client: contact details, linked deals, documents and every activity logged against them.',
      target: tourTarget('client-row'),
      position: 'bottom',
      page: '/clients',
    },
    {
      id: 'client-notes',
      title: 'Notes and history',
      content:
        'Write down what was said after every call or letter and set the next follow-up. A complete history builds trust and lets a teammate take over without asking the client to repeat themselves.',
      target: tourTarget('client-notes'),
      position: 'left',
      page: '/clients',
      action: 'open-client-notes',
    },
  ],
};

const documentWorkflow: Tour = {
  ...summaryOf('document-workflow'),
  steps: [
    {
      id: 'documents-overview',
      title: 'Documents',
      content:
        'All your agreements, forms and letters live here, with the templates they come from. Each document is linked to a client and, when relevant, a deal.',
      target: tourTarget('documents-header'),
      position: 'bottom',
      page: '/documents',
    },
    {
      id: 'create-document',
      title: 'Create a document',
      content:
        'Start a document from a template, such as a recovery agreement or a purchase contract. Merge fields fill in the client name, property address and amounts for you.',
      target: tourTarget('create-document-button'),
      position: 'bottom',
      page: '/documents',
    },
    {
      id: 'document-editor',
      title: 'Review and edit',
      content:
        'Check every filled-in value and adjust the wording for this client. If your agreement must follow state rules on fees or disclosures, keep that wording in the template so it is never lost.',
      target: tourTarget('document-editor'),
      position: 'right',
      page: '/documents',
      action: 'open-document-editor',
    },
    {
      id: 'signature-tools',
      title: 'Place signature fields',
      content:
        'Add signature, initial and date fields for each signer. Every signer sees only the fields meant for them.',
      target: tourTarget('signature-tools'),
      position: 'left',
      page: '/documents',
    },
    {
      id: 'send-document',
      title: 'Send for signature',
      content:
        'Send the document: each recipient gets a secure signing link by e-mail, in the signing order you choose. Set up your e-mail first (Settings > Email Configuration) so the links come from your own address.',
      target: tourTarget('send-document-button'),
      position: 'bottom',
      page: '/documents',
    },
    {
      id: 'document-status',
      title: 'Follow its status',
      content:
        'Each document moves through sent, viewed, signed and completed. Once completed, the signed copy and its audit trail are stored with the client.',
      target: tourTarget('document-status'),
      position: 'top',
      page: '/documents',
      action: 'close-document-editor',
    },
  ],
};

const advancedFeatures: Tour = {
  ...summaryOf('advanced-features'),
  steps: [
    {
      id: 'automation',
      title: 'Automation',
      content:
        'Let Locus handle the routine: follow-up reminders, e-mail templates for each stage and signature reminders, so no claimant or customer waits on you.',
      target: tourTarget('automation-section'),
      position: 'bottom',
      page: '/',
    },
    {
      id: 'analytics',
      title: 'Analytics',
      content:
        'See deal value by stage, how many deals move from one stage to the next, and which lead sources bring the deals that close, so you spend time where it pays.',
      target: tourTarget('analytics-section'),
      position: 'top',
      page: '/',
    },
    {
      id: 'integrations',
      title: 'Integrations',
      content:
        'Connect your Gmail or Outlook mailbox and the other tools you use from Integrations, so messages and data reach the right client without copying and pasting.',
      target: tourTarget('integrations-section'),
      position: 'top',
      page: '/',
    },
  ],
};

/** All tours, in the order the welcome dialog lists them. */
export const tours: readonly Tour[] = [
  surplusFundsOnboarding,
  clientManagement,
  documentWorkflow,
  advancedFeatures,
];

export function findTour(id: string): Tour | undefined {
  return tours.find((tour) => tour.id === id);
}
