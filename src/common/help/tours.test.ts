import { describe, expect, it } from 'vitest';
import { recommendedTourId, tourCatalog, tourDurationMinutes, toursForIndustry } from './tour-catalog';
import { findTour, tourPages, tourTarget, tourTargetAreas, tours } from './tours';
import { tourActionNames, tourStepPositions } from './types';

const allSteps = tours.flatMap((tour) => tour.steps);
const tourIdsFor = (sector: string | null | undefined) => toursForIndustry(sector).map((tour) => tour.id);
const allText = allSteps.map((step) => `${step.title} ${step.content}`).join('\n');

describe('tours', () => {
  it('lists in the catalog each tour with its step count, in the same order', () => {
    expect(tourCatalog.map((tour) => [tour.id, tour.stepCount])).toEqual(
      tours.map((tour) => [tour.id, tour.steps.length]),
    );
  });

  it('has the four tours with 12, 4, 6 and 3 steps', () => {
    expect(tours.map((tour) => [tour.id, tour.steps.length])).toEqual([
      ['surplus-funds-onboarding', 12],
      ['client-management', 4],
      ['document-workflow', 6],
      ['advanced-features', 3],
    ]);
  });

  it('has the onboarding steps in order', () => {
    expect(findTour('surplus-funds-onboarding')?.steps.map((step) => step.id)).toEqual([
      'welcome',
      'navigation',
      'deals-overview',
      'add-first-deal',
      'deal-form-property',
      'deal-form-amounts',
      'deal-form-client',
      'deal-pipeline',
      'documents-feature',
      'client-management',
      'search-feature',
      'completion',
    ]);
  });

  it('recommends the surplus funds onboarding, for surplus funds locators, at about 5 minutes', () => {
    expect(recommendedTourId).toBe('surplus-funds-onboarding');
    expect(findTour(recommendedTourId)?.industry).toBe('Surplus Funds Locator');
    expect(tourDurationMinutes).toBe(5);
  });

  it('gives every tour a name and a description, and unique step ids', () => {
    for (const tour of tours) {
      expect(tour.name.trim()).not.toBe('');
      expect(tour.description.trim()).not.toBe('');
      const ids = tour.steps.map((step) => step.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const step of tour.steps) {
        expect(step.title.trim()).not.toBe('');
        expect(step.content.trim()).not.toBe('');
      }
    }
  });

  it('targets only the named areas or the page body', () => {
    const allowed = new Set<string>([...tourTargetAreas.map(tourTarget), 'body']);
    for (const step of allSteps) expect(allowed, step.id).toContain(step.target);
    expect(tourTarget('help-menu')).toBe('[data-tour="help-menu"]');
    expect(tourTargetAreas).toHaveLength(25);
  });

  it('uses each named area at most once', () => {
    const targets = allSteps.map((step) => step.target).filter((target) => target !== 'body');
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('centres the welcome and completion steps on the body', () => {
    const onboarding = findTour('surplus-funds-onboarding');
    for (const id of ['welcome', 'completion']) {
      const step = onboarding?.steps.find((s) => s.id === id);
      expect(step).toMatchObject({ target: 'body', position: 'center' });
    }
  });

  it('uses valid positions, pages and actions', () => {
    for (const step of allSteps) {
      expect(tourStepPositions).toContain(step.position);
      if (step.page !== undefined) expect(tourPages).toContain(step.page);
      if (step.action !== undefined) expect(tourActionNames).toContain(step.action);
    }
    const used = new Set(allSteps.map((step) => step.action).filter(Boolean));
    expect(used).toEqual(new Set(tourActionNames));
    expect(new Set(allSteps.map((step) => step.page))).toEqual(new Set(tourPages));
    expect(tours.every((tour) => tour.steps[0].page !== undefined)).toBe(true);
  });

  it('describes the pipeline stages, dragging, document statuses and restarting from the help menu', () => {
    for (const stage of ['Research', 'Contact', 'Documents', 'Signed', 'Paid'])
      expect(allText).toContain(stage);
    expect(allText).toMatch(/[Dd]rag a card between columns/);
    expect(allText).toMatch(/sent, viewed, signed(,)? and completed|sent, viewed, signed, completed/);
    expect(findTour('surplus-funds-onboarding')?.steps.at(-1)?.content).toMatch(/restart .* help menu/);
  });

  it('finds tours by id', () => {
    expect(findTour('document-workflow')?.steps).toHaveLength(6);
    expect(findTour('missing')).toBeUndefined();
  });
});

describe('toursForIndustry', () => {
  it('lists every tour to surplus funds locators', () => {
    expect(tourIdsFor('Surplus Funds Locator')).toEqual([
      'surplus-funds-onboarding',
      'client-management',
      'document-workflow',
      'advanced-features',
    ]);
  });

  it('treats a missing or blank sector as Surplus Funds Locator', () => {
    expect(tourIdsFor(undefined)).toHaveLength(4);
    expect(tourIdsFor(null)).toHaveLength(4);
    expect(tourIdsFor('  ')).toHaveLength(4);
  });

  it.each(['Real Estate Investor', 'Small Business', 'Tax Deed Investor', 'Wholesaler', 'Dentist'])(
    'lists only the tours without an industry to %s',
    (sector) => {
      expect(tourIdsFor(sector)).toEqual(['client-management', 'document-workflow', 'advanced-features']);
    },
  );

  it('matches the industry regardless of case', () => {
    expect(tourIdsFor('surplus funds locator')).toContain('surplus-funds-onboarding');
  });
});
