import type { IndustrySector } from '../../../common/constants';
import { realEstateSampleSet } from './real-estate-sample-set';
import type { SampleSet } from './sample-set';
import { smallBusinessSampleSet } from './small-business-sample-set';
import { surplusFundsSampleSet } from './surplus-funds-sample-set';
import { taxDeedSampleSet } from './tax-deed-sample-set';
import { wholesalerSampleSet } from './wholesaler-sample-set';

export const sampleSets: Record<IndustrySector, SampleSet> = {
  'Surplus Funds Locator': surplusFundsSampleSet,
  'Real Estate Investor': realEstateSampleSet,
  'Small Business': smallBusinessSampleSet,
  'Tax Deed Investor': taxDeedSampleSet,
  Wholesaler: wholesalerSampleSet,
};

/** The sector's sample set; an unknown sector gets Small Business's, as it does for guides and FAQ. */
export function sampleSetFor(sector: string | null | undefined): SampleSet {
  return Object.hasOwn(sampleSets, sector ?? '')
    ? sampleSets[sector as IndustrySector]
    : sampleSets['Small Business'];
}
