import { saleTypes, surplusFieldKeys as k } from '../../../common/surplus';
import type { CustomFieldType, FieldValidation } from '../../../common/validation/field-values';

/** The "Surplus case" section of a Surplus Funds Locator organization's deals. */
export const surplusSectionName = 'Surplus case';
export const surplusIndustry = 'Surplus Funds Locator';

export interface SeededField {
  fieldKey: string;
  name: string;
  fieldType: CustomFieldType;
  placeholder?: string;
  options?: readonly string[];
  validation?: FieldValidation;
}

/**
 * In form order. surplusAmount and expectedFee are computed (see common/surplus.ts); the
 * surplus can be overridden with the court's figure by ticking surplusAmountOverridden.
 */
export const surplusCaseFields: SeededField[] = [
  {
    fieldKey: k.propertyAddress,
    name: 'Property address',
    fieldType: 'text',
    placeholder: '123 Main St, Tampa, FL 33602',
  },
  { fieldKey: k.county, name: 'County', fieldType: 'text', placeholder: 'Hillsborough' },
  {
    fieldKey: k.state,
    name: 'State',
    fieldType: 'text',
    placeholder: 'FL',
    validation: { format: 'stateCode' },
  },
  { fieldKey: k.caseNumber, name: 'Case number', fieldType: 'text' },
  { fieldKey: k.parcelNumber, name: 'Parcel number', fieldType: 'text' },
  { fieldKey: k.saleType, name: 'Sale type', fieldType: 'select', options: saleTypes },
  { fieldKey: k.saleDate, name: 'Sale date', fieldType: 'date' },
  { fieldKey: k.winningBid, name: 'Winning bid', fieldType: 'currency', validation: { min: 0 } },
  { fieldKey: k.totalDebt, name: 'Total debt / judgment', fieldType: 'currency', validation: { min: 0 } },
  { fieldKey: k.seniorLiens, name: 'Senior liens', fieldType: 'currency', validation: { min: 0 } },
  {
    fieldKey: k.surplusAmount,
    name: 'Surplus amount',
    fieldType: 'currency',
    validation: { min: 0, computed: true },
  },
  { fieldKey: k.surplusAmountOverridden, name: 'Override surplus amount', fieldType: 'checkbox' },
  { fieldKey: k.claimDeadline, name: 'Claim deadline', fieldType: 'date' },
  {
    fieldKey: k.locatorFeePercent,
    name: 'Locator fee %',
    fieldType: 'number',
    placeholder: '30',
    validation: { min: 0, max: 100 },
  },
  {
    fieldKey: k.expectedFee,
    name: 'Expected fee',
    fieldType: 'currency',
    validation: { min: 0, computed: true },
  },
];

/** The "Property" section of a Surplus Funds Locator organization's leads. */
export const surplusLeadSectionName = 'Property';

/**
 * What a locator knows about the case before the claimant signs: the same keys (and rules) as the
 * deal's surplus case, so conversion carries them to the deal as they are.
 */
const leadKeys: string[] = [k.propertyAddress, k.county, k.state, k.caseNumber, k.parcelNumber];
export const surplusLeadFields: SeededField[] = surplusCaseFields.filter((field) =>
  leadKeys.includes(field.fieldKey),
);
