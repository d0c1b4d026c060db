import { useEffect, useRef } from 'react';
import type { ListKey } from '../../../common/validation/preferences';
import type { SavedView } from '../../../common/validation/saved-views';
import { useColumnChoice } from '../../components/data-table/use-column-prefs';
import { useListUrlState } from '../../components/data-table/use-list-url-state';
import { toast } from '../../lib/toast';
import { useSavedViews } from './api';
import { defaultListState, differsFromView, listStateOfView, viewContentOf, viewOnLoad } from './view-state';

/**
 * Which saved view a list shows (the address's `?view=<id>`), and switching views: a view's
 * search, sort and filters go to the address, its columns to the user's column choice.
 */
export function useSavedViewSelection(listKey: ListKey, filterKeys: readonly string[], plural: string) {
  const url = useListUrlState(filterKeys);
  const columns = useColumnChoice(listKey);
  const views = useSavedViews(listKey);
  const items = views.data?.items;
  const selected = items?.find((view) => view.id === url.viewId) ?? null;
  // The view id whose opening has been handled: the address names it from here on.
  const handled = useRef<string | null>(null);

  const show = (view: SavedView | null) => {
    handled.current = view?.id ?? null;
    url.showView(view?.id ?? null, view ? listStateOfView(view, filterKeys) : defaultListState);
    // Back to the default: the columns a view chose give way to the list's own.
    const nextColumns = view ? view.columns : selected?.columns ? [] : null;
    if (nextColumns) columns.replace(nextColumns);
  };

  /** Names a view just saved (its state is the list's already), or none after a delete. */
  const markShown = (id: string | null) => {
    handled.current = id;
    url.setViewId(id);
  };

  // The view the address names when the list opens (a reload, a shared link), applied once.
  const { viewId, state } = url;
  useEffect(() => {
    if (!items || !viewId || handled.current === viewId) return;
    handled.current = viewId;
    const onLoad = viewOnLoad(items, viewId, state);
    if (onLoad.kind === 'unknown') {
      toast('That view is not available', {
        description: `It was deleted or is no longer shared with you. Showing all ${plural}.`,
      });
      url.showView(null, defaultListState);
    } else if (onLoad.kind === 'view') {
      if (onLoad.applyState) url.showView(onLoad.view.id, listStateOfView(onLoad.view, filterKeys));
      if (onLoad.view.columns) columns.replace(onLoad.view.columns);
    }
  });

  return {
    views,
    selected,
    /** The list as shown differs from the selected view. */
    edited: selected !== null && differsFromView(selected, { state, columns: columns.columns }, filterKeys),
    /** What a view saved now would keep. */
    content: () => viewContentOf(state, columns.columns),
    show,
    markShown,
  };
}
