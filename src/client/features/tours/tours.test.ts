import { afterEach, describe, expect, it, vi } from 'vitest';
import { helpStorageKeys } from '../../../common/help/storage-keys';
import { createTourState, pauseTour, startTour } from '../../../common/help/tour-state';
import { findTour } from '../../../common/help/tours';
import { isTourUiEvent, runTourAction, takePendingTourAction, tourActionEvent } from './tour-actions';
import { isTourResumable } from './tour-context';
import { needsNavigation, resolveTourPage } from './tour-pages';
import { loadTourState, readWelcomeSeen, saveTourState } from './tour-storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

const onboarding = findTour('surplus-funds-onboarding')!;
const clients = findTour('client-management')!;

describe('tour storage', () => {
  it('restores progress and the welcome flag', () => {
    const storage = memoryStorage({
      [helpStorageKeys.tourProgress]: '{"surplus-funds-onboarding":3,"bad":-1}',
      [helpStorageKeys.welcomeSeen]: 'true',
    });
    const state = loadTourState(storage);
    expect(state.progress).toEqual({ 'surplus-funds-onboarding': 3 });
    expect(state.welcomeSeen).toBe(true);
    expect(state.isActive).toBe(false);
  });

  it('starts fresh without storage or with junk', () => {
    expect(loadTourState(null).welcomeSeen).toBe(false);
    expect(loadTourState(memoryStorage({ [helpStorageKeys.tourProgress]: '{' })).progress).toEqual({});
    expect(readWelcomeSeen(memoryStorage({ [helpStorageKeys.welcomeSeen]: 'yes' }))).toBe(false);
  });

  it("stores progress and the welcome flag as 'true'", () => {
    const storage = memoryStorage();
    saveTourState(storage, { progress: { 'client-management': 2 }, welcomeSeen: false });
    expect(storage.map.get(helpStorageKeys.tourProgress)).toBe('{"client-management":2}');
    expect(storage.map.has(helpStorageKeys.welcomeSeen)).toBe(false);
    saveTourState(storage, { progress: {}, welcomeSeen: true });
    expect(storage.map.get(helpStorageKeys.welcomeSeen)).toBe('true');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveTourState(broken, { progress: {}, welcomeSeen: true })).not.toThrow();
    expect(loadTourState(broken).progress).toEqual({});
  });
});

describe('resolveTourPage', () => {
  const routes = new Set(['/', '/deals', '/clients', '/documents/management']);
  const hasRoute = (path: string) => routes.has(path);

  it('opens pages the app has', () => {
    expect(resolveTourPage('/deals', hasRoute)).toBe('/deals');
  });

  it('opens document management for /documents', () => {
    expect(resolveTourPage('/documents', hasRoute)).toBe('/documents/management');
    expect(resolveTourPage('/documents', (path) => path === '/documents')).toBe('/documents');
  });

  it('stays put for unknown pages', () => {
    expect(resolveTourPage('/nowhere', hasRoute)).toBeNull();
    expect(resolveTourPage('/documents', () => false)).toBeNull();
  });
});

describe('needsNavigation', () => {
  it("treats '/' and '/dashboard' as the same screen", () => {
    expect(needsNavigation('/dashboard', '/')).toBe(false);
    expect(needsNavigation('/', '/')).toBe(false);
    expect(needsNavigation('/deals/', '/deals')).toBe(false);
    expect(needsNavigation('/dashboard', '/deals')).toBe(true);
  });
});

describe('isTourResumable', () => {
  it('offers a paused tour, not a running one', () => {
    const running = startTour(createTourState(), onboarding);
    expect(isTourResumable(running, onboarding)).toBe(false);
    const paused = pauseTour(running);
    expect(isTourResumable(paused, onboarding)).toBe(true);
    expect(isTourResumable(paused, clients)).toBe(false);
  });

  it('offers a tour left part-way in an earlier visit, not a completed one', () => {
    expect(isTourResumable(createTourState({ progress: { 'client-management': 2 } }), clients)).toBe(true);
    expect(isTourResumable(createTourState({ progress: { 'client-management': 4 } }), clients)).toBe(false);
    expect(isTourResumable(createTourState(), clients)).toBe(false);
  });
});

describe('tour actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('dispatches the action and keeps it for a screen that mounts shortly after', () => {
    const dispatched: Event[] = [];
    vi.stubGlobal('window', { dispatchEvent: (event: Event) => dispatched.push(event) });
    runTourAction('open-deal-form');
    expect(dispatched[0]?.type).toBe(tourActionEvent);
    expect((dispatched[0] as CustomEvent).detail).toEqual({ name: 'open-deal-form' });
    expect(takePendingTourAction('show-pipeline-view')).toBe(false);
    expect(takePendingTourAction('open-deal-form')).toBe(true);
    // Delivered once.
    expect(takePendingTourAction('open-deal-form')).toBe(false);
  });

  it('forgets a pending action after a few seconds', () => {
    vi.stubGlobal('window', { dispatchEvent: () => true });
    runTourAction('open-client-notes');
    expect(takePendingTourAction('open-client-notes', Date.now() + 10_000)).toBe(false);
  });

  it('recognises events on the tour UI', () => {
    expect(isTourUiEvent({ target: null })).toBe(false);
  });
});

describe('welcome timing', () => {
  it('opens one second after sign-in (spec §9)', async () => {
    const { welcomeDelayMs } = await import('./tour-context');
    expect(welcomeDelayMs).toBe(1000);
  });
});
