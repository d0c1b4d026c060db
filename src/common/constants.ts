/** Business constants of the specs (product §9, data model §9). */
export const industrySectorValues = [
  'Surplus Funds Locator',
  'Real Estate Investor',
  'Small Business',
  'Tax Deed Investor',
  'Wholesaler',
] as const;
export type IndustrySector = (typeof industrySectorValues)[number];
export const defaultIndustrySector: IndustrySector = 'Surplus Funds Locator';

export const defaultPlanType = 'free';
export const defaultMaxUsers = 5;
export const defaultTagColor = '#3b82f6';
/** numeric(10, 2): the largest deal value the column holds. */
export const maxDealValue = 99_999_999.99;
export const defaultTimezone = 'UTC-05:00';
export const defaultColorScheme = 'locus';
export const colorSchemes = ['locus', 'blue', 'green', 'purple', 'orange', 'slate'] as const;
export const kanbanThemes = ['professional', 'minimal', 'colorful'] as const;
export const passwordMinLength = 6;
export const nameMinLength = 2;

/**
 * A searched list counts its matches exactly up to this many; a `total` above it means "more
 * than this many" (a search never counts every match of a common term; docs/decisions/046).
 */
export const searchTotalLimit = 500;

/** Max upload size of an organization logo, and the image types accepted (checked by content). */
export const logoMaxBytes = 512 * 1024;
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Max size of one file attached to an activity (POST /api/files). */
export const attachmentMaxBytes = 10 * 1024 * 1024;

/**
 * The pipeline a new organization starts with, by sector. Surplus funds follows the case's life:
 * research the sale, contact the former owner, gather documents, sign the agreement, get paid.
 */
export const defaultPipelineStages: Record<IndustrySector, { name: string; probability: number }[]> = {
  'Surplus Funds Locator': [
    { name: 'Research', probability: 10 },
    { name: 'Contact', probability: 25 },
    { name: 'Documents', probability: 50 },
    { name: 'Signed', probability: 75 },
    { name: 'Paid', probability: 100 },
  ],
  'Real Estate Investor': [
    { name: 'Lead', probability: 10 },
    { name: 'Analysis', probability: 25 },
    { name: 'Offer', probability: 50 },
    { name: 'Under Contract', probability: 75 },
    { name: 'Closed', probability: 100 },
  ],
  'Tax Deed Investor': [
    { name: 'Research', probability: 10 },
    { name: 'Due Diligence', probability: 30 },
    { name: 'Auction', probability: 50 },
    { name: 'Won', probability: 80 },
    { name: 'Sold', probability: 100 },
  ],
  Wholesaler: [
    { name: 'Lead', probability: 10 },
    { name: 'Offer Made', probability: 30 },
    { name: 'Under Contract', probability: 60 },
    { name: 'Buyer Found', probability: 80 },
    { name: 'Assigned', probability: 100 },
  ],
  'Small Business': [
    { name: 'Qualification', probability: 10 },
    { name: 'Proposal', probability: 30 },
    { name: 'Negotiation', probability: 60 },
    { name: 'Closed Won', probability: 100 },
  ],
};
